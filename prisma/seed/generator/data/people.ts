// Names by frequency (the most common in Mexico for people born 1960-2008, weights are rough
// relative frequencies), occupations, banks and the parts fictitious company names are made of.

export type Weighted = [string, number];

export const FEMALE_NAMES: Weighted[] = [
  ['María Fernanda', 40], ['Ximena', 38], ['Valeria', 36], ['Daniela', 36], ['Andrea', 34], ['Mariana', 34], ['Fernanda', 30], ['Sofía', 30],
  ['Camila', 28], ['Alejandra', 28], ['Paola', 24], ['Karla', 22], ['Diana', 22], ['Guadalupe', 22], ['María José', 26], ['Ana Karen', 16],
  ['Itzel', 18], ['Jimena', 18], ['Natalia', 18], ['Regina', 14], ['Renata', 14], ['Valentina', 14], ['Montserrat', 14], ['Abril', 12],
  ['Alondra', 12], ['Michelle', 12], ['Estefanía', 12], ['Gabriela', 16], ['Carolina', 12], ['Vanessa', 12], ['Ana Paula', 12], ['Adriana', 12],
  ['Lizbeth', 10], ['Yesenia', 8], ['Araceli', 6], ['Nayeli', 10], ['Dulce María', 8], ['Luz María', 6], ['Karen', 14], ['Fátima', 10],
  ['Aranza', 8], ['Frida', 8], ['Melissa', 10], ['Lucía', 10], ['Samantha', 8], ['Brenda', 10], ['Jessica', 10], ['Ana Sofía', 10],
  ['Paulina', 10], ['Monserrat', 6], ['Evelyn', 6], ['Citlali', 6], ['Yaretzi', 4], ['Ana', 14], ['Rosa María', 5], ['Claudia', 6],
];

export const MALE_NAMES: Weighted[] = [
  ['José Luis', 30], ['Juan Carlos', 26], ['Luis Fernando', 22], ['Miguel Ángel', 30], ['José Antonio', 22], ['Juan Pablo', 20], ['Carlos Alberto', 12],
  ['Jesús', 24], ['Luis', 22], ['Carlos', 22], ['Jorge', 20], ['Alejandro', 24], ['Fernando', 18], ['Diego', 26], ['Eduardo', 18], ['Ricardo', 16],
  ['Daniel', 22], ['Francisco', 16], ['Antonio', 12], ['Javier', 16], ['Sergio', 12], ['Alberto', 10], ['Óscar', 12], ['Raúl', 10], ['Roberto', 12],
  ['Manuel', 10], ['Pedro', 8], ['Arturo', 10], ['Héctor', 10], ['Iván', 12], ['Emiliano', 16], ['Santiago', 20], ['Sebastián', 20], ['Leonardo', 16],
  ['Mateo', 10], ['Ángel', 16], ['Kevin', 12], ['Brandon', 10], ['Bryan', 8], ['Jonathan', 12], ['Christian', 12], ['Érick', 10], ['Uriel', 10],
  ['Axel', 10], ['Aldo', 8], ['Adrián', 14], ['Omar', 10], ['Ulises', 8], ['Rodrigo', 14], ['Emmanuel', 10], ['Israel', 8], ['Gerardo', 10],
  ['Rafael', 8], ['Julio César', 8], ['Víctor Manuel', 8], ['José', 16], ['Juan', 12], ['Gael', 8], ['Joel', 6], ['Saúl', 6],
];

/** Names of parents and staff, one generation earlier. */
export const OLDER_FEMALE_NAMES: Weighted[] = [
  ['María Guadalupe', 30], ['María del Carmen', 20], ['Patricia', 22], ['Leticia', 18], ['Verónica', 18], ['Silvia', 16], ['Martha', 16],
  ['Elizabeth', 14], ['Laura', 16], ['Rosa María', 14], ['Adriana', 14], ['Claudia', 16], ['Alejandra', 12], ['Gabriela', 12], ['Teresa', 10],
  ['Norma', 10], ['Araceli', 10], ['Sandra', 12], ['Mónica', 12], ['Lorena', 10], ['Alma Delia', 6], ['Yolanda', 8], ['Rocío', 10], ['Beatriz', 8],
  ['Margarita', 8], ['Josefina', 6], ['Angélica', 10], ['Ana María', 10], ['Maribel', 8], ['Susana', 8], ['Elena', 8], ['Carmen', 8],
];

export const OLDER_MALE_NAMES: Weighted[] = [
  ['José Luis', 26], ['Juan Carlos', 18], ['Francisco Javier', 16], ['Jesús', 18], ['Miguel Ángel', 16], ['José Antonio', 16], ['Jorge', 14],
  ['Roberto', 14], ['Ricardo', 12], ['Javier', 12], ['Fernando', 12], ['Alejandro', 12], ['Sergio', 12], ['Arturo', 10], ['Manuel', 10],
  ['Salvador', 10], ['Raúl', 10], ['Martín', 10], ['Enrique', 10], ['Ramón', 8], ['Guillermo', 8], ['Gerardo', 10], ['Héctor', 10], ['Rafael', 8],
  ['Alfredo', 8], ['Armando', 8], ['Eduardo', 10], ['Víctor Hugo', 6], ['Mario', 8], ['Pedro', 8], ['Gustavo', 8], ['Daniel', 8],
];

export const SURNAMES: Weighted[] = [
  ['Hernández', 1000], ['García', 800], ['Martínez', 700], ['López', 650], ['González', 600], ['Rodríguez', 550], ['Pérez', 500], ['Sánchez', 480],
  ['Ramírez', 450], ['Cruz', 300], ['Flores', 290], ['Gómez', 280], ['Morales', 250], ['Vázquez', 245], ['Reyes', 240], ['Jiménez', 235],
  ['Torres', 230], ['Díaz', 225], ['Gutiérrez', 220], ['Ruiz', 200], ['Mendoza', 190], ['Aguilar', 185], ['Ortiz', 180], ['Moreno', 175],
  ['Castillo', 170], ['Romero', 165], ['Álvarez', 160], ['Méndez', 155], ['Chávez', 150], ['Rivera', 145], ['Juárez', 140], ['Ramos', 135],
  ['Domínguez', 130], ['Herrera', 128], ['Medina', 125], ['Castro', 120], ['Vargas', 118], ['Guzmán', 115], ['Velázquez', 112], ['Muñoz', 110],
  ['Rojas', 108], ['Contreras', 105], ['Salazar', 103], ['Luna', 100], ['Ortega', 98], ['Santiago', 96], ['Guerrero', 94], ['Estrada', 92],
  ['Bautista', 90], ['Cortés', 88], ['Soto', 86], ['Alvarado', 84], ['Espinoza', 82], ['Lara', 80], ['Ávila', 78], ['Ríos', 76],
  ['Cervantes', 74], ['Silva', 72], ['Delgado', 70], ['Vega', 68], ['Márquez', 66], ['Sandoval', 64], ['Fernández', 62], ['León', 60],
  ['Carrillo', 58], ['Mejía', 56], ['Solís', 54], ['Núñez', 52], ['Rosas', 50], ['Valdez', 48], ['Ibarra', 46], ['Campos', 44], ['Santos', 42],
  ['Camacho', 40], ['Navarro', 38], ['Peña', 36], ['Maldonado', 34], ['Rosales', 32], ['Acosta', 30], ['Miranda', 28], ['Trejo', 26],
  ['Valencia', 25], ['Nava', 24], ['Pacheco', 23], ['Robles', 22], ['Molina', 21], ['Rangel', 20], ['Huerta', 19], ['Fuentes', 18],
  ['Zúñiga', 17], ['Padilla', 16], ['Cabrera', 15], ['Barrera', 14], ['Orozco', 30], ['Villaseñor', 10], ['Íñiguez', 8], ['Ochoa', 14],
  ['Arellano', 12], ['Becerra', 12], ['Zepeda', 12], ['Macías', 14], ['Plascencia', 6], ['Gallardo', 10], ['De la Cruz', 12], ['De la Torre', 10],
  ['Del Toro', 6], ['Muñiz', 8], ['Ibáñez', 5], ['Nuño', 5], ['Aceves', 8], ['Gudiño', 6], ['Covarrubias', 6], ['Cárdenas', 20], ['Lozano', 14],
];

export const OCCUPATIONS = [
  'Estudiante', 'Empleado(a)', 'Comerciante', 'Docente', 'Ama de casa', 'Obrero(a)', 'Ingeniero(a)', 'Contador(a)', 'Médico(a)', 'Enfermero(a)',
  'Abogado(a)', 'Chofer', 'Empresario(a)', 'Agricultor(a)', 'Servidor(a) público(a)', 'Jubilado(a)', 'Técnico(a)', 'Vendedor(a)', 'Policía',
  'Mecánico(a)', 'Arquitecto(a)', 'Programador(a)', 'Administrador(a)', 'Secretario(a)', 'Cocinero(a)', 'Electricista', 'Carpintero(a)',
  'Albañil', 'Estilista', 'Diseñador(a)', 'Psicólogo(a)', 'Odontólogo(a)', 'Farmacéutico(a)', 'Trabajador(a) independiente', 'Desempleado(a)',
];
/** Index weights over OCCUPATIONS for parents (students are mostly "Estudiante"). */
export const PARENT_OCCUPATION_WEIGHTS = [0, 30, 16, 8, 20, 10, 6, 5, 3, 3, 3, 5, 6, 2, 6, 4, 5, 6, 2, 3, 2, 2, 5, 3, 2, 2, 2, 2, 2, 2, 1, 1, 1, 6, 2];

/** Banks: SPEI three-digit code, the name on statements, and a BIN for their debit cards. */
export const BANKS: { code: string; name: string; bin: string; weight: number }[] = [
  { code: '012', name: 'BBVA México', bin: '415231', weight: 30 },
  { code: '072', name: 'Banorte', bin: '493172', weight: 16 },
  { code: '014', name: 'Santander', bin: '547156', weight: 14 },
  { code: '002', name: 'Banamex', bin: '520416', weight: 14 },
  { code: '021', name: 'HSBC', bin: '491566', weight: 8 },
  { code: '044', name: 'Scotiabank', bin: '455511', weight: 5 },
  { code: '127', name: 'Banco Azteca', bin: '402766', weight: 4 },
  { code: '137', name: 'BanCoppel', bin: '416916', weight: 4 },
  { code: '036', name: 'Inbursa', bin: '409851', weight: 2 },
  { code: '058', name: 'Banregio', bin: '476684', weight: 2 },
  { code: '030', name: 'BanBajío', bin: '455545', weight: 1 },
];

/** Pieces of fictitious company names: "<kind> <qualifier> <place>, <legal form>". */
export const COMPANY_KINDS = ['Comercializadora', 'Distribuidora', 'Grupo Industrial', 'Servicios Integrales', 'Constructora', 'Transportes', 'Consultores', 'Abarrotes', 'Farmacias', 'Laboratorios', 'Tecnologías', 'Alimentos', 'Muebles', 'Textiles', 'Agroindustrias', 'Inmobiliaria', 'Autopartes', 'Plásticos', 'Logística', 'Impresos'];
export const COMPANY_QUALIFIERS = ['del Bajío', 'de Occidente', 'Tapatía', 'del Pacífico', 'Unidos', 'Modernos', 'Integrales', 'Especializados', 'del Centro', 'Jalisciense', 'Mexicanos', 'Avanzados', 'del Valle', 'Ágiles', 'Globales', 'Universales'];
export const COMPANY_PLACES = ['Guadalajara', 'Zapopan', 'Tlaquepaque', 'Tonalá', 'Jalisco', 'Occidente', 'Los Altos', 'Chapala', 'Vallarta', 'Atemajac'];
export const LEGAL_FORMS = ['S.A. de C.V.', 'S. de R.L. de C.V.', 'S.A. de C.V.', 'S.C.', 'S.A.P.I. de C.V.'];
