// Portal sessions (docs/portal.md): what a key makes, and what the portal's pages ask of theirs.
import { Type, type TSchema } from 'typebox';
import { UtcTimestamp } from './common.ts';

const Mode = Type.Union([Type.Literal('manage'), Type.Literal('read_only')], {
  description: 'manage: the portal may change the endpoints; read_only: it shows everything and changes nothing',
});

export const PortalSessionSchema = Type.Object(
  {
    id: Type.String({ description: 'Begins with ps_' }),
    object: Type.Literal('portal_session'),
    mode: Mode,
    scopes: Type.Array(Type.String(), { description: "The making key's scopes: the portal never sees or does more" }),
    url: Type.String({
      description:
        'The single-use link that starts the session, shown only in this answer: give it to the person who opens the portal. ' +
        'Its token is in the fragment (#...), which browsers never send to a server nor keep in the address bar once opened',
    }),
    // The link works until then (10 minutes); the session it starts lasts an hour.
    expires_at: UtcTimestamp,
  },
  { $id: 'PortalSession', additionalProperties: false },
);

export const DeletedPortalSessionSchema = Type.Object(
  { id: Type.String(), object: Type.Literal('portal_session'), deleted: Type.Literal(true) },
  { $id: 'DeletedPortalSession', additionalProperties: false },
);

export const CreatePortalSessionBody = Type.Object({ mode: Mode }, { additionalProperties: false });

/** The session a portal page holds (its cookie), as GET /portal/session answers it. */
export const PortalSessionStateSchema = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('portal_session'),
    club_id: Type.String(),
    mode: Mode,
    scopes: Type.Array(Type.String()),
    expires_at: UtcTimestamp,
    csrf_token: Type.String({ description: 'Sent back in the X-CSRF-Token header with every change the page makes' }),
  },
  { additionalProperties: false },
);

export const RedeemPortalLinkBody = Type.Object({ token: Type.String({ maxLength: 100 }) }, { additionalProperties: false });

export const schemas: TSchema[] = [PortalSessionSchema, DeletedPortalSessionSchema];
