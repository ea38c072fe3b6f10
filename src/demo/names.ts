// Name lists for the demo customers. The generator picks from them by hash of the row number,
// so the order of each list is part of the demo's determinism: append, never reorder.

export interface NameSet {
  firstNames: string[];
  lastNames: string[];
  /** Spanish customers carry two surnames ("García López"); English ones one. */
  surnames: 1 | 2;
  emailDomains: string[];
}

export const ENGLISH_NAMES: NameSet = {
  surnames: 1,
  firstNames: [
    'James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth',
    'William', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Christopher', 'Karen',
    'Charles', 'Lisa', 'Daniel', 'Nancy', 'Matthew', 'Betty', 'Anthony', 'Sandra', 'Mark', 'Margaret',
    'Donald', 'Ashley', 'Steven', 'Kimberly', 'Andrew', 'Emily', 'Paul', 'Donna', 'Joshua', 'Michelle',
    'Kenneth', 'Carol', 'Kevin', 'Amanda', 'Brian', 'Melissa', 'Timothy', 'Deborah', 'Ronald', 'Stephanie',
    'Jason', 'Rebecca', 'George', 'Sharon', 'Edward', 'Laura', 'Jeffrey', 'Cynthia', 'Ryan', 'Amy',
    'Jacob', 'Kathleen', 'Nicholas', 'Angela', 'Gary', 'Shirley', 'Eric', 'Emma', 'Jonathan', 'Brenda',
    'Stephen', 'Pamela', 'Larry', 'Nicole', 'Justin', 'Anna', 'Scott', 'Samantha', 'Brandon', 'Katherine',
    'Benjamin', 'Christine', 'Samuel', 'Debra', 'Gregory', 'Rachel', 'Alexander', 'Carolyn', 'Patrick', 'Janet',
    'Frank', 'Maria', 'Raymond', 'Olivia', 'Jack', 'Heather', 'Dennis', 'Helen', 'Jerry', 'Catherine',
    'Priya', 'Wei', 'Aisha', 'Mateo', 'Sofia', 'Hiroshi', 'Chloe', 'Omar', 'Grace', 'Diego',
  ],
  lastNames: [
    'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez',
    'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin',
    'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson',
    'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores',
    'Green', 'Adams', 'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell', 'Mitchell', 'Carter', 'Roberts',
    'Gomez', 'Phillips', 'Evans', 'Turner', 'Diaz', 'Parker', 'Cruz', 'Edwards', 'Collins', 'Reyes',
    'Stewart', 'Morris', 'Morales', 'Murphy', 'Cook', 'Rogers', 'Gutierrez', 'Ortiz', 'Morgan', 'Cooper',
    'Peterson', 'Bailey', 'Reed', 'Kelly', 'Howard', 'Ramos', 'Kim', 'Cox', 'Ward', 'Richardson',
    "O'Brien", 'Patel', 'Chen', 'Goldberg', 'Kowalski', 'Rossi', 'Schmidt', 'Sullivan', 'Brooks', 'Bennett',
  ],
  emailDomains: ['example.com', 'example.net', 'example.org', 'mail.example.com'],
};

export const SPANISH_NAMES: NameSet = {
  surnames: 2,
  firstNames: [
    'Antonio', 'María', 'Manuel', 'Carmen', 'José', 'Ana', 'Francisco', 'Laura', 'David', 'Isabel',
    'Juan', 'Cristina', 'Javier', 'Marta', 'Daniel', 'Lucía', 'Carlos', 'Paula', 'Jesús', 'Elena',
    'Alejandro', 'Sara', 'Miguel', 'Raquel', 'Rafael', 'Pilar', 'Pablo', 'Rosa', 'Sergio', 'Beatriz',
    'Fernando', 'Sofía', 'Jorge', 'Andrea', 'Luis', 'Alba', 'Alberto', 'Silvia', 'Álvaro', 'Nuria',
    'Adrián', 'Irene', 'Diego', 'Patricia', 'Raúl', 'Mónica', 'Iván', 'Teresa', 'Rubén', 'Claudia',
    'Óscar', 'Julia', 'Andrés', 'Noelia', 'Ramón', 'Inés', 'Hugo', 'Carla', 'Marcos', 'Begoña',
    'Íñigo', 'Ainhoa', 'Gonzalo', 'Rocío', 'Jaime', 'Marina', 'Mario', 'Natalia', 'Víctor', 'Lorena',
  ],
  lastNames: [
    'García', 'Rodríguez', 'González', 'Fernández', 'López', 'Martínez', 'Sánchez', 'Pérez', 'Gómez', 'Martín',
    'Jiménez', 'Ruiz', 'Hernández', 'Díaz', 'Moreno', 'Muñoz', 'Álvarez', 'Romero', 'Alonso', 'Gutiérrez',
    'Navarro', 'Torres', 'Domínguez', 'Vázquez', 'Ramos', 'Gil', 'Ramírez', 'Serrano', 'Blanco', 'Molina',
    'Morales', 'Suárez', 'Ortega', 'Delgado', 'Castro', 'Ortiz', 'Rubio', 'Marín', 'Sanz', 'Núñez',
    'Iglesias', 'Medina', 'Garrido', 'Cortés', 'Castillo', 'Santos', 'Lozano', 'Guerrero', 'Cano', 'Prieto',
    'Méndez', 'Cruz', 'Calvo', 'Gallego', 'Vidal', 'León', 'Márquez', 'Herrera', 'Peña', 'Flores',
    'Cabrera', 'Campos', 'Vega', 'Fuentes', 'Carrasco', 'Díez', 'Caballero', 'Reyes', 'Nieto', 'Aguilar',
  ],
  emailDomains: ['example.com', 'correo.example.net', 'example.org', 'correo.example.com'],
};
