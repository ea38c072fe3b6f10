// What each demo club is: its courts, programming, catalogue and volumes. The SQL in sql/ turns
// one of these into rows; nothing here is random. Times are given on the club's booking grid:
// the day is cut into `windowCount` windows of `windowMinutes` from `firstWindow` (club-local),
// and events, maintenance and bookings each take whole windows, so nothing double-books a court.
import { ENGLISH_NAMES, SPANISH_NAMES, type NameSet } from './names.ts';

export type EventType = 'league' | 'clinic' | 'open_play' | 'lesson' | 'tournament' | 'camp' | 'social';

export interface SpaceDef {
  /** Unique within the club; also its short_name. */
  key: string;
  name: string;
  visibility?: 'public' | 'members_only' | 'hidden';
}

export interface CategoryDef {
  key: string;
  name: string;
  spaces: SpaceDef[];
}

export interface CoachDef {
  first: string;
  last: string;
  title: string;
  bio: string;
  archived?: boolean;
  lessons?: boolean;
}

export interface PlanDef {
  key: string;
  product: string;
  productSlug: string;
  name: string;
  type: 'membership' | 'package' | 'pass';
  /** A PostgreSQL interval: the billing period, or how long a package or pass lasts. */
  period: string;
  /** Share of current subscriptions on this plan (relative). */
  weight: number;
}

/**
 * Programming. `each`: one single-day event per matching day (clinics, open play);
 * `series`: one event whose sessions are every matching day (a league season);
 * `block`: one event on consecutive days starting in the week `weekOffset` weeks from today's
 * (a tournament, a camp).
 */
export type Recurrence =
  | { kind: 'each'; weekdays: number[] }
  | { kind: 'series'; weekdays: number[] }
  | { kind: 'block'; weekOffset: number; startWeekday: number; days: number };

export interface EventDef {
  key: string;
  type: EventType;
  title: string;
  recurrence: Recurrence;
  /** First window and number of windows each session takes. */
  window: number;
  windows: number;
  /** One time slot per window (tournament rounds) instead of one for the whole session. */
  slotPerWindow?: boolean;
  spaces: string[];
  max: number;
  privacy?: 'public' | 'private';
  tags: string[];
  /** Share of max_participants on the roster, from..to. */
  fill: [number, number];
}

export interface MaintenanceDef {
  /** Days from today (club-local). */
  dayOffset: number;
  days?: number;
  space: string;
  fromWindow: number;
  /** Exclusive. */
  toWindow: number;
  reason: string;
}

export interface ItemDef {
  description: string;
  unitAmount: number;
  maxQuantity: number;
}

export interface ClubDef {
  id: string;
  name: string;
  timezone: string;
  billingModel: 'subscriptions' | 'legacy';
  currency: string;
  names: NameSet;
  phoneStyle: 'us' | 'es';
  /** US area codes, or the leading digit of Spanish mobile numbers. */
  phoneAreas: string[];
  waiverVersionRequired: number;
  waiverValidityDays: number;
  /** When version `waiverVersionRequired` came out, in days before today; null: version 1 only. */
  waiverCurrentVersionDaysAgo: number | null;
  customers: number;
  /** Customers joined over this many days before today (the first 5% when the club opened). */
  customerSpanDays: number;
  /** Exact number of bookings, filled from today+daysAhead backwards; null: fill ±days around today. */
  bookings: number | null;
  /** Events (and, when bookings is null, bookings) span today-daysBack .. today+daysAhead. */
  daysBack: number;
  daysAhead: number;
  /** Average share of a window's free courts that are booked. */
  bookingFill: number;
  ordersPerCustomer: number;
  firstWindow: string;
  windowMinutes: number;
  windowCount: number;
  categories: CategoryDef[];
  tags: string[];
  coaches: CoachDef[];
  plans: PlanDef[];
  events: EventDef[];
  maintenance: MaintenanceDef[];
  items: ItemDef[];
  bookingTitles: string[];
}

const range = (prefix: string, from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `${prefix}${from + i}`);

const courts = (keyPrefix: string, namePrefix: string, count: number, visibility?: SpaceDef['visibility']): SpaceDef[] =>
  Array.from({ length: count }, (_, i) => ({ key: `${keyPrefix}${i + 1}`, name: `${namePrefix} ${i + 1}`, ...(visibility ? { visibility } : {}) }));

const WEEKDAYS = [1, 2, 3, 4, 5];
const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];

// ---------------------------------------------------------------------------------------------
// Hudson Racquet Club, New York: subscriptions billing, waiver version 2 required.
// Windows: 07:00, 08:30, 10:00, 11:30, 13:00, 14:30, 16:00, 17:30, 19:00, 20:30 (ends 22:00).

const HUDSON: ClubDef = {
  id: 'club_demo_ny',
  name: 'Hudson Racquet Club',
  timezone: 'America/New_York',
  billingModel: 'subscriptions',
  currency: 'usd',
  names: ENGLISH_NAMES,
  phoneStyle: 'us',
  phoneAreas: ['212', '646', '718', '917', '347'],
  waiverVersionRequired: 2,
  waiverValidityDays: 365,
  waiverCurrentVersionDaysAgo: 500,
  customers: 2000,
  customerSpanDays: 3 * 365 + 40,
  bookings: null,
  daysBack: 28,
  daysAhead: 28,
  bookingFill: 0.62,
  ordersPerCustomer: 1.5,
  firstWindow: '07:00',
  windowMinutes: 90,
  windowCount: 10,
  categories: [
    { key: 'tennis', name: 'Tennis', spaces: [...courts('C', 'Court', 8), { key: 'SC', name: 'Stadium Court', visibility: 'hidden' }] },
    { key: 'pickleball', name: 'Pickleball', spaces: courts('P', 'Pickleball', 4) },
    { key: 'squash', name: 'Squash', spaces: courts('SQ', 'Squash', 2, 'members_only') },
    { key: 'studio', name: 'Studios', spaces: [{ key: 'FS', name: 'Fitness Studio', visibility: 'members_only' }] },
  ],
  tags: ['Beginner', 'Intermediate', 'Advanced', 'Juniors', 'Doubles', 'Social', 'Fitness', 'League'],
  coaches: [
    { first: 'Daniel', last: 'Brooks', title: 'Director of Tennis', bio: 'USPTA Elite professional; coached college players for a decade.' },
    { first: 'Keisha', last: 'Morgan', title: 'Head Tennis Professional', bio: 'Former WTA doubles player who loves building solid footwork.' },
    { first: 'Marco', last: 'Bellini', title: 'Tennis Coach', bio: 'Specialises in junior development and match play tactics.' },
    { first: 'Hannah', last: 'Okafor', title: 'Pickleball Coach', bio: 'PPR certified; runs the beginner pathway and ladder nights.' },
    { first: 'Sam', last: 'Whitaker', title: 'Pickleball Coach', bio: 'Tournament player focused on the third-shot drop.', lessons: false },
    { first: 'Rahul', last: 'Mehta', title: 'Squash Professional', bio: 'National-level squash player and patient teacher of all ages.' },
    { first: 'Erin', last: 'Callahan', title: 'Fitness Coach', bio: 'Leads cardio tennis and court-side strength sessions.' },
    { first: 'Tom', last: 'Reilly', title: 'Tennis Coach', bio: 'Longtime club pro, now retired from coaching.', archived: true },
    { first: 'Lena', last: 'Fischer', title: 'Junior Coach', bio: 'Moved on to coach at a college program.', archived: true, lessons: false },
  ],
  plans: [
    { key: 'full-monthly', product: 'Full Membership', productSlug: 'full-membership', name: 'Monthly', type: 'membership', period: '1 month', weight: 40 },
    { key: 'full-annual', product: 'Full Membership', productSlug: 'full-membership', name: 'Annual', type: 'membership', period: '1 year', weight: 20 },
    { key: 'junior-monthly', product: 'Junior Membership', productSlug: 'junior-membership', name: 'Monthly', type: 'membership', period: '1 month', weight: 10 },
    { key: 'pickleball-monthly', product: 'Pickleball Membership', productSlug: 'pickleball-membership', name: 'Monthly', type: 'membership', period: '1 month', weight: 20 },
    { key: 'clinic-pack', product: 'Clinic 10-Pack', productSlug: 'clinic-10-pack', name: '10 clinics', type: 'package', period: '6 months', weight: 7 },
    { key: 'summer-pass', product: 'Guest Season Pass', productSlug: 'guest-season-pass', name: 'Season', type: 'pass', period: '3 months', weight: 3 },
  ],
  events: [
    { key: 'cardio', type: 'clinic', title: 'Cardio Tennis', recurrence: { kind: 'each', weekdays: [1, 3, 5] }, window: 1, windows: 1, spaces: ['C7', 'C8'], max: 12, tags: ['Intermediate', 'Fitness'], fill: [0.5, 1] },
    { key: 'beginner', type: 'clinic', title: 'Beginner Tennis Clinic', recurrence: { kind: 'each', weekdays: [2, 4] }, window: 7, windows: 1, spaces: ['C7', 'C8'], max: 8, tags: ['Beginner'], fill: [0.4, 1] },
    { key: 'junior', type: 'clinic', title: 'Junior Development Clinic', recurrence: { kind: 'each', weekdays: [6] }, window: 2, windows: 1, spaces: ['C5', 'C6', 'C7', 'C8'], max: 16, tags: ['Juniors'], fill: [0.6, 1] },
    { key: 'pb-open', type: 'open_play', title: 'Pickleball Open Play', recurrence: { kind: 'each', weekdays: EVERY_DAY }, window: 4, windows: 2, spaces: ['P1', 'P2', 'P3', 'P4'], max: 16, tags: ['Social'], fill: [0.3, 1] },
    { key: 'squash-rr', type: 'open_play', title: 'Squash Round Robin', recurrence: { kind: 'each', weekdays: [3] }, window: 8, windows: 1, spaces: ['SQ1', 'SQ2'], max: 8, tags: ['Social'], fill: [0.4, 1] },
    { key: 'lesson', type: 'lesson', title: 'Private Lesson with Daniel Brooks', recurrence: { kind: 'each', weekdays: WEEKDAYS }, window: 0, windows: 1, spaces: ['C8'], max: 1, privacy: 'private', tags: [], fill: [1, 1] },
    { key: 'tue-league', type: 'league', title: 'Tuesday Night 4.0 Doubles League', recurrence: { kind: 'series', weekdays: [2] }, window: 8, windows: 2, spaces: ['C1', 'C2', 'C3', 'C4'], max: 16, tags: ['Intermediate', 'Doubles', 'League'], fill: [0.75, 1] },
    { key: 'sun-league', type: 'league', title: 'Sunday Mixed Doubles League', recurrence: { kind: 'series', weekdays: [7] }, window: 6, windows: 2, spaces: ['C1', 'C2', 'C3', 'C4'], max: 16, tags: ['Doubles', 'League'], fill: [0.75, 1] },
    { key: 'championship', type: 'tournament', title: 'Hudson Club Championship', recurrence: { kind: 'block', weekOffset: -2, startWeekday: 5, days: 3 }, window: 1, windows: 5, slotPerWindow: true, spaces: ['SC', 'C1', 'C2', 'C3', 'C4'], max: 32, tags: ['Advanced'], fill: [0.85, 1] },
    { key: 'pb-slam', type: 'tournament', title: 'Hudson Pickleball Slam', recurrence: { kind: 'block', weekOffset: 1, startWeekday: 6, days: 2 }, window: 1, windows: 3, slotPerWindow: true, spaces: ['P1', 'P2', 'P3', 'P4'], max: 24, tags: ['Doubles'], fill: [0.7, 1] },
    { key: 'camp-a', type: 'camp', title: 'Junior Tennis Camp', recurrence: { kind: 'block', weekOffset: -3, startWeekday: 1, days: 5 }, window: 1, windows: 2, spaces: ['C5', 'C6'], max: 24, tags: ['Juniors'], fill: [0.6, 1] },
    { key: 'camp-b', type: 'camp', title: 'Junior Tennis Camp', recurrence: { kind: 'block', weekOffset: 0, startWeekday: 1, days: 5 }, window: 1, windows: 2, spaces: ['C5', 'C6'], max: 24, tags: ['Juniors'], fill: [0.6, 1] },
    { key: 'social', type: 'social', title: 'Friday Night Social', recurrence: { kind: 'each', weekdays: [5] }, window: 9, windows: 1, spaces: ['C5', 'C6'], max: 24, tags: ['Social'], fill: [0.3, 0.9] },
  ],
  maintenance: [
    { dayOffset: -9, days: 2, space: 'C3', fromWindow: 0, toWindow: 1, reason: 'Court resurfacing' },
    { dayOffset: -4, space: 'FS', fromWindow: 0, toWindow: 10, reason: 'Floor refinishing' },
    { dayOffset: 0, space: 'SQ1', fromWindow: 0, toWindow: 2, reason: 'Glass wall cleaning' },
    { dayOffset: 3, space: 'P2', fromWindow: 6, toWindow: 8, reason: 'Net replacement' },
    { dayOffset: 12, space: 'C8', fromWindow: 3, toWindow: 5, reason: 'Lighting repair' },
  ],
  items: [
    { description: 'Court rental (60 min)', unitAmount: 4800, maxQuantity: 1 },
    { description: 'Court rental (90 min)', unitAmount: 7200, maxQuantity: 1 },
    { description: 'Ball machine rental', unitAmount: 2500, maxQuantity: 1 },
    { description: 'Can of tennis balls', unitAmount: 699, maxQuantity: 4 },
    { description: 'Pickleball paddle rental', unitAmount: 500, maxQuantity: 4 },
    { description: 'Clinic drop-in', unitAmount: 3500, maxQuantity: 2 },
    { description: 'Private lesson (60 min)', unitAmount: 11000, maxQuantity: 1 },
    { description: 'Guest fee', unitAmount: 2000, maxQuantity: 3 },
    { description: 'Sports drink', unitAmount: 350, maxQuantity: 4 },
    { description: 'Racquet restring', unitAmount: 3000, maxQuantity: 2 },
    { description: 'Tournament entry', unitAmount: 6000, maxQuantity: 1 },
  ],
  bookingTitles: ['Ladder match', 'Team practice', 'Birthday hit', 'Doubles with neighbors', 'Match practice', 'Coaching session'],
};

// ---------------------------------------------------------------------------------------------
// Club de Pádel Retiro, Madrid: legacy billing (memberships without the billing engine).
// Windows: 08:00, 09:30, 11:00, 12:30, 14:00, 15:30, 17:00, 18:30, 20:00, 21:30 (ends 23:00).

const RETIRO: ClubDef = {
  id: 'club_demo_mad',
  name: 'Club de Pádel Retiro',
  timezone: 'Europe/Madrid',
  billingModel: 'legacy',
  currency: 'eur',
  names: SPANISH_NAMES,
  phoneStyle: 'es',
  phoneAreas: ['6', '6', '6', '7'],
  waiverVersionRequired: 1,
  waiverValidityDays: 730,
  waiverCurrentVersionDaysAgo: null,
  customers: 2000,
  customerSpanDays: 3 * 365,
  bookings: null,
  daysBack: 28,
  daysAhead: 28,
  bookingFill: 0.66,
  ordersPerCustomer: 1.5,
  firstWindow: '08:00',
  windowMinutes: 90,
  windowCount: 10,
  categories: [
    {
      key: 'padel',
      name: 'Pádel',
      spaces: [
        { key: 'PC', name: 'Pista Central' },
        ...courts('P', 'Pista', 8),
        { key: 'PI', name: 'Pista individual', visibility: 'members_only' },
        { key: 'PX', name: 'Pista de pruebas', visibility: 'hidden' },
      ],
    },
    { key: 'tenis', name: 'Tenis', spaces: courts('T', 'Pista de tenis', 2) },
  ],
  tags: ['Iniciación', 'Intermedio', 'Avanzado', 'Menores', 'Femenino', 'Mixto', 'Social', 'Liga'],
  coaches: [
    { first: 'Lucía', last: 'Navarro', title: 'Directora deportiva', bio: 'Exjugadora del circuito profesional de pádel; dirige la escuela del club.' },
    { first: 'Javier', last: 'Ortega', title: 'Entrenador de pádel', bio: 'Monitor nacional, especialista en técnica de volea y bandeja.' },
    { first: 'Marta', last: 'Iglesias', title: 'Entrenadora de pádel', bio: 'Responsable de la liga femenina y de los grupos de iniciación.' },
    { first: 'Sergio', last: 'Campos', title: 'Entrenador de menores', bio: 'Coordina el campus infantil y la escuela de competición.' },
    { first: 'Pablo', last: 'Vidal', title: 'Profesor de tenis', bio: 'Profesor de la escuela de tenis para adultos y niños.', lessons: false },
    { first: 'Raúl', last: 'Herrera', title: 'Preparador físico', bio: 'Entrenamiento funcional aplicado al pádel.' },
    { first: 'Andrés', last: 'Molina', title: 'Entrenador de pádel', bio: 'Dejó el club para abrir su propia academia.', archived: true },
  ],
  plans: [
    { key: 'abono-mensual', product: 'Abono Pádel', productSlug: 'abono-padel', name: 'Mensual', type: 'membership', period: '1 month', weight: 55 },
    { key: 'abono-anual', product: 'Abono Pádel', productSlug: 'abono-padel', name: 'Anual', type: 'membership', period: '1 year', weight: 25 },
    { key: 'familiar', product: 'Abono Familiar', productSlug: 'abono-familiar', name: 'Mensual', type: 'membership', period: '1 month', weight: 20 },
  ],
  events: [
    { key: 'iniciacion', type: 'clinic', title: 'Clínic de iniciación', recurrence: { kind: 'each', weekdays: [1, 3] }, window: 6, windows: 1, spaces: ['P7', 'P8'], max: 8, tags: ['Iniciación'], fill: [0.5, 1] },
    { key: 'perfeccionamiento', type: 'clinic', title: 'Clínic de perfeccionamiento', recurrence: { kind: 'each', weekdays: [2, 4] }, window: 7, windows: 1, spaces: ['P7', 'P8'], max: 8, tags: ['Intermedio'], fill: [0.5, 1] },
    { key: 'escuela-tenis', type: 'clinic', title: 'Escuela de tenis', recurrence: { kind: 'each', weekdays: [2, 4] }, window: 6, windows: 1, spaces: ['T1', 'T2'], max: 10, tags: ['Menores'], fill: [0.5, 1] },
    { key: 'juego-libre', type: 'open_play', title: 'Juego libre', recurrence: { kind: 'each', weekdays: EVERY_DAY }, window: 3, windows: 1, spaces: ['P5', 'P6'], max: 8, tags: ['Social', 'Mixto'], fill: [0.25, 1] },
    { key: 'clase', type: 'lesson', title: 'Clase particular con Lucía', recurrence: { kind: 'each', weekdays: WEEKDAYS }, window: 0, windows: 1, spaces: ['P8'], max: 2, privacy: 'private', tags: [], fill: [0.5, 1] },
    { key: 'liga-parejas', type: 'league', title: 'Liga de pádel por parejas', recurrence: { kind: 'series', weekdays: [1] }, window: 8, windows: 2, spaces: ['P1', 'P2', 'P3', 'P4'], max: 32, tags: ['Liga', 'Mixto'], fill: [0.8, 1] },
    { key: 'liga-femenina', type: 'league', title: 'Liga femenina', recurrence: { kind: 'series', weekdays: [3] }, window: 8, windows: 2, spaces: ['P1', 'P2', 'P3', 'P4'], max: 16, tags: ['Liga', 'Femenino'], fill: [0.8, 1] },
    { key: 'open-retiro', type: 'tournament', title: 'Torneo Open Retiro', recurrence: { kind: 'block', weekOffset: -1, startWeekday: 5, days: 3 }, window: 1, windows: 5, slotPerWindow: true, spaces: ['PC', 'P1', 'P2', 'P3', 'P4'], max: 48, tags: ['Avanzado'], fill: [0.85, 1] },
    { key: 'torneo-express', type: 'tournament', title: 'Torneo Express de fin de semana', recurrence: { kind: 'block', weekOffset: 2, startWeekday: 6, days: 2 }, window: 2, windows: 3, slotPerWindow: true, spaces: ['PC', 'P1', 'P2', 'P3'], max: 32, tags: ['Intermedio', 'Mixto'], fill: [0.6, 1] },
    { key: 'campus-a', type: 'camp', title: 'Campus infantil de pádel', recurrence: { kind: 'block', weekOffset: -2, startWeekday: 1, days: 5 }, window: 1, windows: 2, spaces: ['P5', 'P6'], max: 20, tags: ['Menores'], fill: [0.6, 1] },
    { key: 'campus-b', type: 'camp', title: 'Campus infantil de pádel', recurrence: { kind: 'block', weekOffset: 0, startWeekday: 1, days: 5 }, window: 1, windows: 2, spaces: ['P5', 'P6'], max: 20, tags: ['Menores'], fill: [0.6, 1] },
    { key: 'americana', type: 'social', title: 'Americana de los viernes', recurrence: { kind: 'each', weekdays: [5] }, window: 8, windows: 1, spaces: ['P5', 'P6', 'P7', 'P8'], max: 16, tags: ['Social', 'Mixto'], fill: [0.5, 1] },
  ],
  maintenance: [
    { dayOffset: -6, space: 'PX', fromWindow: 0, toWindow: 10, reason: 'Cambio de césped' },
    { dayOffset: -12, days: 2, space: 'T2', fromWindow: 0, toWindow: 2, reason: 'Pintado de líneas' },
    { dayOffset: 0, space: 'PI', fromWindow: 0, toWindow: 1, reason: 'Revisión de cristales' },
    { dayOffset: 5, space: 'P3', fromWindow: 0, toWindow: 1, reason: 'Reparación de la red' },
  ],
  items: [
    { description: 'Alquiler de pista (90 min)', unitAmount: 3200, maxQuantity: 1 },
    { description: 'Luz de pista', unitAmount: 400, maxQuantity: 1 },
    { description: 'Bote de pelotas', unitAmount: 650, maxQuantity: 3 },
    { description: 'Alquiler de pala', unitAmount: 300, maxQuantity: 4 },
    { description: 'Clase particular (60 min)', unitAmount: 4500, maxQuantity: 1 },
    { description: 'Clínic de iniciación', unitAmount: 1800, maxQuantity: 2 },
    { description: 'Inscripción torneo', unitAmount: 2500, maxQuantity: 2 },
    { description: 'Bebida isotónica', unitAmount: 250, maxQuantity: 4 },
    { description: 'Cuota de invitado', unitAmount: 800, maxQuantity: 3 },
  ],
  bookingTitles: ['Partido de liga', 'Pachanga con amigos', 'Entrenamiento', 'Reto del ranking', 'Partido de empresa'],
};

// ---------------------------------------------------------------------------------------------
// Lakeshore Racquet Club, Chicago: the volume club (100,000 customers, 1,000,000 bookings over
// several years). Hourly windows 06:00..21:00 (ends 22:00).

const LAKESHORE: ClubDef = {
  id: 'club_demo_large',
  name: 'Lakeshore Racquet Club',
  timezone: 'America/Chicago',
  billingModel: 'subscriptions',
  currency: 'usd',
  names: ENGLISH_NAMES,
  phoneStyle: 'us',
  phoneAreas: ['312', '773', '872', '630'],
  waiverVersionRequired: 1,
  waiverValidityDays: 365,
  waiverCurrentVersionDaysAgo: null,
  customers: 100_000,
  customerSpanDays: 3300,
  bookings: 1_000_000,
  daysBack: 28,
  daysAhead: 28,
  bookingFill: 0.75,
  ordersPerCustomer: 1,
  firstWindow: '06:00',
  windowMinutes: 60,
  windowCount: 16,
  categories: [
    { key: 'tennis', name: 'Tennis', spaces: courts('T', 'Tennis Court', 16) },
    { key: 'pickleball', name: 'Pickleball', spaces: courts('P', 'Pickleball Court', 16) },
    { key: 'padel', name: 'Padel', spaces: courts('PD', 'Padel Court', 4) },
    { key: 'squash', name: 'Squash', spaces: courts('SQ', 'Squash Court', 4, 'members_only') },
  ],
  tags: ['Beginner', 'Intermediate', 'Advanced', 'Juniors', 'Doubles', 'Social', 'League', 'Women', 'Men'],
  coaches: [
    { first: 'Carlos', last: 'Ortiz', title: 'Director of Racquets', bio: 'Runs the tennis, pickleball and padel programs.' },
    { first: 'Megan', last: 'Lindqvist', title: 'Head Tennis Professional', bio: 'Former Big Ten captain and high-performance coach.' },
    { first: 'Andre', last: 'Washington', title: 'Tennis Coach', bio: 'Adult league captain coach and doubles strategist.' },
    { first: 'Julia', last: 'Novak', title: 'Tennis Coach', bio: 'Junior development and camps.' },
    { first: 'Kevin', last: 'Tran', title: 'Pickleball Director', bio: 'Built the club ladder from four courts to sixteen.' },
    { first: 'Priya', last: 'Raman', title: 'Pickleball Coach', bio: 'Clinics for beginners and competitive players.' },
    { first: 'Luis', last: 'Serrano', title: 'Padel Coach', bio: 'Brought padel from Spain to the Midwest.' },
    { first: 'Owen', last: 'McCarthy', title: 'Squash Professional', bio: 'Box league organiser and junior squash coach.' },
    { first: 'Dana', last: 'Kowalczyk', title: 'Fitness Coach', bio: 'Court-side conditioning for racquet athletes.', lessons: false },
    { first: 'Brett', last: 'Holloway', title: 'Tennis Coach', bio: 'Retired from coaching.', archived: true },
    { first: 'Sofia', last: 'Marino', title: 'Pickleball Coach', bio: 'Relocated to Florida.', archived: true },
  ],
  plans: [
    { key: 'all-monthly', product: 'All-Access Membership', productSlug: 'all-access-membership', name: 'Monthly', type: 'membership', period: '1 month', weight: 35 },
    { key: 'all-annual', product: 'All-Access Membership', productSlug: 'all-access-membership', name: 'Annual', type: 'membership', period: '1 year', weight: 15 },
    { key: 'pb-monthly', product: 'Pickleball Membership', productSlug: 'pickleball-membership', name: 'Monthly', type: 'membership', period: '1 month', weight: 30 },
    { key: 'junior-monthly', product: 'Junior Membership', productSlug: 'junior-membership', name: 'Monthly', type: 'membership', period: '1 month', weight: 8 },
    { key: 'clinic-pack', product: 'Clinic 10-Pack', productSlug: 'clinic-10-pack', name: '10 clinics', type: 'package', period: '6 months', weight: 8 },
    { key: 'winter-pass', product: 'Winter Court Pass', productSlug: 'winter-court-pass', name: 'Season', type: 'pass', period: '3 months', weight: 4 },
  ],
  events: [
    { key: 'cardio', type: 'clinic', title: 'Cardio Tennis', recurrence: { kind: 'each', weekdays: [1, 3, 5] }, window: 2, windows: 1, spaces: ['T15', 'T16'], max: 12, tags: ['Intermediate'], fill: [0.5, 1] },
    { key: 'beginner', type: 'clinic', title: 'Beginner Tennis Clinic', recurrence: { kind: 'each', weekdays: [2, 4] }, window: 12, windows: 1, spaces: ['T15', 'T16'], max: 8, tags: ['Beginner'], fill: [0.4, 1] },
    { key: 'pb-drills', type: 'clinic', title: 'Pickleball Skills & Drills', recurrence: { kind: 'each', weekdays: WEEKDAYS }, window: 3, windows: 1, spaces: range('P', 13, 16), max: 16, tags: ['Intermediate'], fill: [0.4, 1] },
    { key: 'pb-open', type: 'open_play', title: 'Pickleball Open Play', recurrence: { kind: 'each', weekdays: EVERY_DAY }, window: 7, windows: 3, spaces: range('P', 1, 8), max: 32, tags: ['Social'], fill: [0.3, 1] },
    { key: 'padel-social', type: 'open_play', title: 'Padel Social Play', recurrence: { kind: 'each', weekdays: [6, 7] }, window: 10, windows: 2, spaces: range('PD', 1, 4), max: 16, tags: ['Social'], fill: [0.4, 1] },
    { key: 'lesson', type: 'lesson', title: 'Private Lesson with Carlos Ortiz', recurrence: { kind: 'each', weekdays: WEEKDAYS }, window: 1, windows: 1, spaces: ['T16'], max: 1, privacy: 'private', tags: [], fill: [1, 1] },
    { key: 'mon-league', type: 'league', title: "Monday Night Men's 3.5 League", recurrence: { kind: 'series', weekdays: [1] }, window: 13, windows: 3, spaces: range('T', 1, 6), max: 24, tags: ['League', 'Men'], fill: [0.8, 1] },
    { key: 'wed-league', type: 'league', title: "Wednesday Women's 4.0 League", recurrence: { kind: 'series', weekdays: [3] }, window: 13, windows: 3, spaces: range('T', 1, 6), max: 24, tags: ['League', 'Women'], fill: [0.8, 1] },
    { key: 'pb-ladder', type: 'league', title: 'Thursday Pickleball Ladder', recurrence: { kind: 'series', weekdays: [4] }, window: 13, windows: 3, spaces: range('P', 1, 8), max: 32, tags: ['League', 'Doubles'], fill: [0.8, 1] },
    { key: 'squash-box', type: 'league', title: 'Squash Box League', recurrence: { kind: 'series', weekdays: [2] }, window: 12, windows: 2, spaces: range('SQ', 1, 4), max: 16, tags: ['League'], fill: [0.7, 1] },
    { key: 'open', type: 'tournament', title: 'Lakeshore Open', recurrence: { kind: 'block', weekOffset: -1, startWeekday: 5, days: 3 }, window: 2, windows: 8, slotPerWindow: true, spaces: range('T', 1, 8), max: 64, tags: ['Advanced'], fill: [0.85, 1] },
    { key: 'pb-classic', type: 'tournament', title: 'Lakeshore Pickleball Classic', recurrence: { kind: 'block', weekOffset: 2, startWeekday: 6, days: 2 }, window: 2, windows: 5, slotPerWindow: true, spaces: range('P', 9, 16), max: 48, tags: ['Doubles'], fill: [0.7, 1] },
    { key: 'camp-a', type: 'camp', title: 'Junior Tennis Camp', recurrence: { kind: 'block', weekOffset: -2, startWeekday: 1, days: 5 }, window: 3, windows: 3, spaces: range('T', 9, 12), max: 32, tags: ['Juniors'], fill: [0.6, 1] },
    { key: 'camp-b', type: 'camp', title: 'Junior Tennis Camp', recurrence: { kind: 'block', weekOffset: 0, startWeekday: 1, days: 5 }, window: 3, windows: 3, spaces: range('T', 9, 12), max: 32, tags: ['Juniors'], fill: [0.6, 1] },
    { key: 'mixer', type: 'social', title: 'Friday Night Mixer', recurrence: { kind: 'each', weekdays: [5] }, window: 15, windows: 1, spaces: range('P', 1, 8), max: 32, tags: ['Social'], fill: [0.3, 0.9] },
  ],
  maintenance: [
    { dayOffset: -10, days: 3, space: 'T14', fromWindow: 0, toWindow: 16, reason: 'Court resurfacing' },
    { dayOffset: -3, space: 'PD2', fromWindow: 0, toWindow: 4, reason: 'Glass panel replacement' },
    { dayOffset: 0, space: 'SQ4', fromWindow: 0, toWindow: 2, reason: 'Floor cleaning' },
    { dayOffset: 6, space: 'P12', fromWindow: 0, toWindow: 2, reason: 'Net replacement' },
  ],
  items: HUDSON.items,
  bookingTitles: HUDSON.bookingTitles,
};

export const SMALL_CLUBS: readonly ClubDef[] = [HUDSON, RETIRO];
export const LARGE_CLUBS: readonly ClubDef[] = [LAKESHORE];
