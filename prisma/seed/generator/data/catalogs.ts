// Fixed catalogues: the spec's classification ids (section 9) with their entries, SEP's keys for
// electronic titles, SAT's CFDI 4.0 catalogues, document kinds and the other small lists.

export type CatalogEntry = { code: string | null; name: string; description?: string; visible?: boolean };

/** Classification id → name and entries. Entry ids are assigned in this order (see REGULAR_STATUS_ID). */
export const CLASIFICATIONS: { id: number; name: string; description: string; entries: CatalogEntry[] }[] = [
  {
    id: 1,
    name: 'Tipo de plan',
    description: 'Modalidad de los planes de estudio',
    entries: [
      { code: 'SEM', name: 'Semestral' },
      { code: 'CUA', name: 'Cuatrimestral' },
      { code: 'ANU', name: 'Anual' },
      { code: 'EC', name: 'Educación continua' },
    ],
  },
  {
    id: 2,
    name: 'Recurrencia',
    description: 'Periodicidad de cobro de un concepto',
    entries: [
      { code: 'UNI', name: 'Pago único' },
      { code: 'MEN', name: 'Mensual' },
      { code: 'SEM', name: 'Semestral' },
      { code: 'ANU', name: 'Anual' },
    ],
  },
  {
    // The entry order puts "Regular" at catalogue id 10, the spec's regular student status.
    id: 3,
    name: 'Estatus de alumno',
    description: 'Situación escolar del alumno',
    entries: [
      { code: 'ASP', name: 'Aspirante', visible: false },
      { code: 'REG', name: 'Regular' },
      { code: 'IRR', name: 'Irregular' },
      { code: 'BT', name: 'Baja temporal' },
      { code: 'BD', name: 'Baja definitiva' },
      { code: 'EGR', name: 'Egresado' },
      { code: 'TIT', name: 'Titulado' },
    ],
  },
  {
    id: 4,
    name: 'Tipo de familiar',
    description: 'Parentesco con el alumno',
    entries: [
      { code: 'PAD', name: 'Padre' },
      { code: 'MAD', name: 'Madre' },
      { code: 'TUT', name: 'Tutor(a)' },
      { code: 'ABU', name: 'Abuelo(a)' },
      { code: 'HER', name: 'Hermano(a)' },
      { code: 'TIO', name: 'Tío(a)' },
      { code: 'CON', name: 'Cónyuge' },
    ],
  },
  {
    id: 5,
    name: 'Nivel de estudios',
    description: 'Máximo grado académico',
    entries: [
      { code: 'BAC', name: 'Bachillerato' },
      { code: 'TSU', name: 'Técnico Superior Universitario' },
      { code: 'LIC', name: 'Licenciatura' },
      { code: 'ESP', name: 'Especialidad' },
      { code: 'MAE', name: 'Maestría' },
      { code: 'DOC', name: 'Doctorado' },
    ],
  },
  {
    id: 6,
    name: 'Estado civil',
    description: 'Estado civil',
    entries: [
      { code: 'S', name: 'Soltero(a)' },
      { code: 'C', name: 'Casado(a)' },
      { code: 'U', name: 'Unión libre' },
      { code: 'D', name: 'Divorciado(a)' },
      { code: 'V', name: 'Viudo(a)' },
    ],
  },
  {
    id: 7,
    name: 'Medio de contacto',
    description: 'Cómo se enteró el aspirante de la institución',
    entries: [
      { code: 'FB', name: 'Facebook' },
      { code: 'IG', name: 'Instagram' },
      { code: 'TT', name: 'TikTok' },
      { code: 'WEB', name: 'Página web' },
      { code: 'GOO', name: 'Búsqueda en Google' },
      { code: 'REC', name: 'Recomendación de familiar o amigo' },
      { code: 'PREP', name: 'Visita a su preparatoria' },
      { code: 'FER', name: 'Feria vocacional' },
      { code: 'ESP', name: 'Espectacular' },
      { code: 'RAD', name: 'Radio' },
    ],
  },
  {
    // Codes are SAT's c_FormaPago where one applies.
    id: 8,
    name: 'Forma de pago',
    description: 'Cómo se recibe un pago',
    entries: [
      { code: '01', name: 'Efectivo' },
      { code: '02', name: 'Cheque nominativo' },
      { code: '03', name: 'Transferencia electrónica' },
      { code: '04', name: 'Tarjeta de crédito' },
      { code: '28', name: 'Tarjeta de débito' },
      { code: 'REF', name: 'Depósito referenciado', description: 'Depósito en ventanilla o practicaja con referencia bancaria' },
    ],
  },
  {
    id: 9,
    name: 'Autorización o reconocimiento',
    description: 'idAutorizacionReconocimiento del título electrónico (SEP)',
    entries: [
      { code: '1', name: 'RVOE FEDERAL' },
      { code: '2', name: 'RVOE ESTATAL' },
      { code: '3', name: 'AUTORIZACIÓN FEDERAL' },
      { code: '4', name: 'AUTORIZACIÓN ESTATAL' },
      { code: '5', name: 'ACTA DE SESIÓN' },
      { code: '6', name: 'ACUERDO DE INCORPORACIÓN' },
      { code: '7', name: 'ACUERDO SECRETARIAL SEP' },
      { code: '8', name: 'DECRETO DE CREACIÓN' },
      { code: '9', name: 'OTRO' },
    ],
  },
  {
    id: 10,
    name: 'Cargo de firmante',
    description: 'idCargo de los responsables que firman el título electrónico (SEP)',
    entries: [
      { code: '0', name: 'SECRETARIO DE EDUCACIÓN PÚBLICA' },
      { code: '1', name: 'DIRECTOR' },
      { code: '2', name: 'SUBDIRECTOR' },
      { code: '3', name: 'RECTOR' },
      { code: '4', name: 'VICERRECTOR' },
      { code: '5', name: 'RESPONSABLE DE EXPEDICIÓN' },
      { code: '6', name: 'SECRETARIO GENERAL' },
      { code: '7', name: 'AUTORIDAD LOCAL' },
      { code: '8', name: 'AUTORIDAD FEDERAL' },
      { code: '9', name: 'DIRECTOR GENERAL' },
      { code: '10', name: 'RECTOR GENERAL' },
      { code: '11', name: 'TITULAR DE LA AUTORIDAD EDUCATIVA FEDERAL EN LA CIUDAD DE MÉXICO' },
    ],
  },
  {
    id: 11,
    name: 'Categoría de precio',
    description: 'Agrupa los conceptos de cobro',
    entries: [
      { code: 'INS', name: 'Inscripción' },
      { code: 'REI', name: 'Reinscripción' },
      { code: 'COL', name: 'Colegiatura' },
      { code: 'EXA', name: 'Exámenes' },
      { code: 'TRA', name: 'Trámites y constancias' },
      { code: 'SER', name: 'Servicios' },
      { code: 'ART', name: 'Artículos' },
      { code: 'REC', name: 'Recargos' },
    ],
  },
  {
    id: 12,
    name: 'Tipo de evaluación',
    description: 'Tipo de encuesta',
    entries: [
      { code: 'GEN', name: 'Encuesta general' },
      { code: 'DOC', name: 'Evaluación docente' },
    ],
  },
  {
    id: 13,
    name: 'Tipo de pregunta',
    description: 'Cómo se responde una pregunta de encuesta',
    entries: [
      { code: 'OPEN', name: 'Abierta' },
      { code: 'SCALE', name: 'Escala' },
      { code: 'SINGLE', name: 'Opción única' },
      { code: 'MULTI', name: 'Opción múltiple' },
    ],
  },
];

/** Catalogue id of the "Regular" student status, fixed by the spec. */
export const REGULAR_STATUS_ID = 10;

/**
 * SEP title catalogues share classification 666; their official ids collide (modality 1 and legal
 * basis 1), so each code carries a prefix: MOD-<idModalidadTitulacion>, FUN-<idFundamentoLegal
 * ServicioSocial>, ENT-<idEntidadFederativa>, ANT-<idTipoEstudioAntecedente>. The description
 * names the catalogue.
 */
export const SEP_TITLE_CLASIFICATION = { id: 666, name: 'Catálogos SEP de título electrónico', description: 'Modalidad de titulación, fundamento legal del servicio social, entidad federativa y tipo de estudio antecedente' };

export const SEP_MODALITIES: [string, string][] = [
  ['1', 'POR TESIS'],
  ['2', 'POR PROMEDIO'],
  ['3', 'POR ESTUDIOS DE POSGRADOS'],
  ['4', 'POR EXPERIENCIA LABORAL'],
  ['5', 'POR CENEVAL'],
  ['6', 'OTRO'],
];
export const SEP_LEGAL_BASES: [string, string][] = [
  ['1', 'ART. 52 LRART. 5 CONST'],
  ['2', 'ART. 55 LRART. 5 CONST'],
  ['3', 'ART. 91 RLRART. 5 CONST'],
  ['4', 'ART. 10 REGLAMENTO PARA LA PRESTACIÓN DEL SERVICIO SOCIAL DE LOS ESTUDIANTES DE LAS INSTITUCIONES DE EDUCACIÓN SUPERIOR EN LA REPÚBLICA MEXICANA'],
  ['5', 'NO APLICA'],
];
export const SEP_ANTECEDENTS: [string, string][] = [
  ['1', 'MAESTRÍA'],
  ['2', 'LICENCIATURA'],
  ['3', 'TÉCNICO SUPERIOR UNIVERSITARIO'],
  ['4', 'BACHILLERATO'],
  ['5', 'EQUIVALENTE A BACHILLERATO'],
  ['6', 'SECUNDARIA'],
];

// SAT CFDI 4.0 catalogues.

/** c_RegimenFiscal: code, description, persona física, persona moral. */
export const FISCAL_REGIMES: [string, string, boolean, boolean][] = [
  ['601', 'General de Ley Personas Morales', false, true],
  ['603', 'Personas Morales con Fines no Lucrativos', false, true],
  ['605', 'Sueldos y Salarios e Ingresos Asimilados a Salarios', true, false],
  ['606', 'Arrendamiento', true, false],
  ['607', 'Régimen de Enajenación o Adquisición de Bienes', true, false],
  ['608', 'Demás ingresos', true, false],
  ['610', 'Residentes en el Extranjero sin Establecimiento Permanente en México', true, true],
  ['611', 'Ingresos por Dividendos (socios y accionistas)', true, false],
  ['612', 'Personas Físicas con Actividades Empresariales y Profesionales', true, false],
  ['614', 'Ingresos por intereses', true, false],
  ['615', 'Régimen de los ingresos por obtención de premios', true, false],
  ['616', 'Sin obligaciones fiscales', true, false],
  ['620', 'Sociedades Cooperativas de Producción que optan por diferir sus ingresos', false, true],
  ['621', 'Incorporación Fiscal', true, false],
  ['622', 'Actividades Agrícolas, Ganaderas, Silvícolas y Pesqueras', false, true],
  ['623', 'Opcional para Grupos de Sociedades', false, true],
  ['624', 'Coordinados', false, true],
  ['625', 'Régimen de las Actividades Empresariales con ingresos a través de Plataformas Tecnológicas', true, false],
  ['626', 'Régimen Simplificado de Confianza', true, true],
];

const BUSINESS = ['601', '603', '606', '612', '620', '621', '622', '623', '624', '625', '626'];
const DEDUCTIONS = ['605', '606', '608', '611', '612', '614', '607', '615', '625'];
const ALL = ['601', '603', '605', '606', '608', '610', '611', '612', '614', '616', '620', '621', '622', '623', '624', '607', '615', '625', '626'];

/** c_UsoCFDI: code, description, física, moral, allowed receiver regimes. */
export const CFDI_USES: [string, string, boolean, boolean, string[]][] = [
  ['G01', 'Adquisición de mercancías', true, true, BUSINESS],
  ['G02', 'Devoluciones, descuentos o bonificaciones', true, true, BUSINESS],
  ['G03', 'Gastos en general', true, true, BUSINESS],
  ['I01', 'Construcciones', true, true, BUSINESS],
  ['I02', 'Mobiliario y equipo de oficina por inversiones', true, true, BUSINESS],
  ['I03', 'Equipo de transporte', true, true, BUSINESS],
  ['I04', 'Equipo de computo y accesorios', true, true, BUSINESS],
  ['I05', 'Dados, troqueles, moldes, matrices y herramental', true, true, BUSINESS],
  ['I06', 'Comunicaciones telefónicas', true, true, BUSINESS],
  ['I07', 'Comunicaciones satelitales', true, true, BUSINESS],
  ['I08', 'Otra maquinaria y equipo', true, true, BUSINESS],
  ['D01', 'Honorarios médicos, dentales y gastos hospitalarios', true, false, DEDUCTIONS],
  ['D02', 'Gastos médicos por incapacidad o discapacidad', true, false, DEDUCTIONS],
  ['D03', 'Gastos funerales', true, false, DEDUCTIONS],
  ['D04', 'Donativos', true, false, DEDUCTIONS],
  ['D05', 'Intereses reales efectivamente pagados por créditos hipotecarios (casa habitación)', true, false, DEDUCTIONS],
  ['D06', 'Aportaciones voluntarias al SAR', true, false, DEDUCTIONS],
  ['D07', 'Primas por seguros de gastos médicos', true, false, DEDUCTIONS],
  ['D08', 'Gastos de transportación escolar obligatoria', true, false, DEDUCTIONS],
  ['D09', 'Depósitos en cuentas para el ahorro, primas que tengan como base planes de pensiones', true, false, DEDUCTIONS],
  ['D10', 'Pagos por servicios educativos (colegiaturas)', true, false, DEDUCTIONS],
  ['S01', 'Sin efectos fiscales', true, true, ALL],
  ['CP01', 'Pagos', true, true, ALL],
  ['CN01', 'Nómina', true, false, ['605']],
];

export const PAYMENT_FORMS: [string, string][] = [
  ['01', 'Efectivo'], ['02', 'Cheque nominativo'], ['03', 'Transferencia electrónica de fondos'], ['04', 'Tarjeta de crédito'], ['05', 'Monedero electrónico'],
  ['06', 'Dinero electrónico'], ['08', 'Vales de despensa'], ['12', 'Dación en pago'], ['13', 'Pago por subrogación'], ['14', 'Pago por consignación'],
  ['15', 'Condonación'], ['17', 'Compensación'], ['23', 'Novación'], ['24', 'Confusión'], ['25', 'Remisión de deuda'], ['26', 'Prescripción o caducidad'],
  ['27', 'A satisfacción del acreedor'], ['28', 'Tarjeta de débito'], ['29', 'Tarjeta de servicios'], ['30', 'Aplicación de anticipos'], ['31', 'Intermediario pagos'],
  ['99', 'Por definir'],
];

export const PAYMENT_METHODS: [string, string][] = [
  ['PUE', 'Pago en una sola exhibición'],
  ['PPD', 'Pago en parcialidades o diferido'],
];

export const VOUCHER_TYPES: [string, string][] = [
  ['I', 'Ingreso'],
  ['E', 'Egreso'],
  ['T', 'Traslado'],
  ['N', 'Nómina'],
  ['P', 'Pago'],
];

export const RELATION_TYPES: [string, string][] = [
  ['01', 'Nota de crédito de los documentos relacionados'],
  ['02', 'Nota de débito de los documentos relacionados'],
  ['03', 'Devolución de mercancía sobre facturas o traslados previos'],
  ['04', 'Sustitución de los CFDI previos'],
  ['05', 'Traslados de mercancías facturados previamente'],
  ['06', 'Factura generada por los traslados previos'],
  ['07', 'CFDI por aplicación de anticipo'],
];

/** c_ClaveUnidad: code, name, symbol. */
export const UNITS: [string, string, string | null][] = [
  ['E48', 'Unidad de servicio', null],
  ['ACT', 'Actividad', null],
  ['H87', 'Pieza', null],
  ['EA', 'Elemento', null],
  ['C62', 'Uno', '1'],
  ['MON', 'Mes', null],
  ['ANN', 'Año', null],
  ['HUR', 'Hora', 'h'],
  ['DAY', 'Día', 'd'],
  ['KGM', 'Kilogramo', 'kg'],
  ['LTR', 'Litro', 'l'],
];

/** c_ClaveProdServ used by a school. */
export const PROD_SERVS: [string, string][] = [
  ['01010101', 'No existe en el catálogo'],
  ['86121500', 'Escuelas elementales y secundarias'],
  ['86121600', 'Colegios de educación media superior'],
  ['86121700', 'Universidades y politécnicos'],
  ['86121800', 'Escuelas profesionales'],
];

// School lists.

export type DocumentTypeData = { name: string; category: 'students' | 'teachers' | 'aspirants' | 'revalid'; mandatory: boolean; multiple?: boolean; scope: 'M' | 'F' | 'B'; careerCategory?: string; code: string };

export const DOCUMENT_TYPES: DocumentTypeData[] = [
  { code: 'ACTA', name: 'Acta de nacimiento', category: 'students', mandatory: true, scope: 'B' },
  { code: 'CURP', name: 'CURP', category: 'students', mandatory: true, scope: 'M' },
  { code: 'CERT', name: 'Certificado de bachillerato', category: 'students', mandatory: true, scope: 'B' },
  { code: 'DOM', name: 'Comprobante de domicilio', category: 'students', mandatory: false, scope: 'B' },
  { code: 'FOTO', name: 'Fotografías tamaño infantil', category: 'students', mandatory: true, multiple: true, scope: 'B' },
  { code: 'MED', name: 'Certificado médico', category: 'students', mandatory: false, scope: 'B' },
  { code: 'INE', name: 'Identificación oficial (INE)', category: 'students', mandatory: false, scope: 'M' },
  { code: 'PAS', name: 'Pasaporte', category: 'students', mandatory: true, scope: 'F' },
  { code: 'FMM', name: 'Documento migratorio', category: 'students', mandatory: true, scope: 'F' },
  { code: 'APO', name: 'Acta de nacimiento apostillada', category: 'students', mandatory: false, scope: 'F' },
  { code: 'VAC', name: 'Cartilla de vacunación', category: 'students', mandatory: true, scope: 'B', careerCategory: 'SALUD' },
  { code: 'ASP-ACTA', name: 'Acta de nacimiento (aspirante)', category: 'aspirants', mandatory: true, scope: 'B' },
  { code: 'ASP-CONST', name: 'Constancia de estudios de bachillerato', category: 'aspirants', mandatory: true, scope: 'B' },
  { code: 'ASP-FOTO', name: 'Fotografía digital', category: 'aspirants', mandatory: false, scope: 'B' },
  { code: 'REV-CERT', name: 'Certificado parcial de estudios', category: 'revalid', mandatory: true, scope: 'B' },
  { code: 'REV-PLAN', name: 'Plan de estudios de origen', category: 'revalid', mandatory: true, scope: 'B' },
  { code: 'REV-DICT', name: 'Dictamen de revalidación', category: 'revalid', mandatory: false, scope: 'B' },
  { code: 'DOC-TIT', name: 'Título profesional', category: 'teachers', mandatory: true, scope: 'B' },
  { code: 'DOC-CED', name: 'Cédula profesional', category: 'teachers', mandatory: true, scope: 'M' },
  { code: 'DOC-CV', name: 'Currículum vítae', category: 'teachers', mandatory: true, scope: 'B' },
  { code: 'DOC-INE', name: 'Identificación oficial', category: 'teachers', mandatory: true, scope: 'B' },
  { code: 'DOC-CSF', name: 'Constancia de situación fiscal', category: 'teachers', mandatory: true, scope: 'B' },
  { code: 'DOC-PER', name: 'Permiso de trabajo (INM)', category: 'teachers', mandatory: true, scope: 'F' },
];

export const TERMINATION_TYPES: [string, string, string][] = [
  ['BT', 'Baja temporal', 'El alumno suspende sus estudios y puede reingresar.'],
  ['BD', 'Baja definitiva', 'El alumno deja la institución.'],
  ['BA', 'Baja académica', 'Por reprobar la misma asignatura en todas sus oportunidades.'],
  ['BAD', 'Baja administrativa', 'Por adeudo o documentación incompleta.'],
  ['CC', 'Cambio de carrera', 'El alumno continúa en otra carrera de la institución.'],
];

export const MEDICAL_OPTIONS: [string, string[]][] = [
  ['disease', ['Diabetes', 'Hipertensión', 'Asma', 'Epilepsia', 'Cardiopatía', 'Anemia', 'Migraña', 'Hipotiroidismo', 'Gastritis', 'Obesidad']],
  ['allergy', ['Penicilina', 'Sulfas', 'Ácido acetilsalicílico', 'Mariscos', 'Cacahuate', 'Lácteos', 'Polen', 'Polvo', 'Picadura de abeja', 'Látex']],
  ['vaccine', ['BCG', 'Hepatitis B', 'Pentavalente', 'Triple viral (SRP)', 'Tétanos y difteria (Td)', 'Influenza', 'COVID-19', 'Virus del papiloma humano']],
  ['blood', ['O+', 'O-', 'A+', 'A-', 'B+', 'B-', 'AB+', 'AB-']],
];

/** SAT's IEDU education levels and the annual deduction limit of each. */
export const IEDUS: [string, string][] = [
  ['Preescolar', '14200.00'],
  ['Primaria', '12900.00'],
  ['Secundaria', '19900.00'],
  ['Profesional técnico', '17100.00'],
  ['Bachillerato o su equivalente', '24500.00'],
];

export const SHIFTS: { description: string; start: string; end: string; suffix: string }[] = [
  { description: 'Matutino', start: '07:00:00', end: '14:00:00', suffix: 'M' },
  { description: 'Vespertino', start: '14:00:00', end: '21:00:00', suffix: 'V' },
  { description: 'Sabatino', start: '08:00:00', end: '15:00:00', suffix: 'S' },
];
