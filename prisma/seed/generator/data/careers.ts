// Careers the institution offers and their curricula. A track is a run of subjects taught in
// consecutive grades, each the prerequisite of the next (seriación); tracks are grouped by the
// stage of the programme where they start.

export type Track = string[];
export type CareerData = {
  code: string;
  name: string;
  short: string;
  grades: number;
  department: 'ING' | 'CEA' | 'CSH' | 'CS' | 'AAD';
  category: 'GENERAL' | 'SALUD';
  /** monthly tuition in pesos */
  tuition: number;
  rvoe: string;
  early: Track[];
  middle: Track[];
  late: Track[];
};

export const DEPARTMENTS: Record<CareerData['department'], string> = {
  ING: 'Ingenierías',
  CEA: 'Ciencias Económico-Administrativas',
  CSH: 'Ciencias Sociales y Humanidades',
  CS: 'Ciencias de la Salud',
  AAD: 'Arte, Arquitectura y Diseño',
};

/** "Física", 2 → ["Física I", "Física II"]. */
const s = (stem: string, levels: number): Track => Array.from({ length: levels }, (_, i) => `${stem} ${['I', 'II', 'III', 'IV', 'V', 'VI'][i]}`);
const one = (...names: string[]): Track[] => names.map((name) => [name]);

const MATH_ENG: Track[] = [['Cálculo diferencial', 'Cálculo integral', 'Cálculo vectorial'], ['Álgebra lineal'], ['Probabilidad y estadística'], s('Física', 2), ['Química']];
const BUSINESS_CORE: Track[] = [s('Contabilidad', 2), ['Matemáticas financieras'], ['Fundamentos de administración'], ['Microeconomía', 'Macroeconomía'], ['Estadística para los negocios'], ['Derecho mercantil']];
const HEALTH_CORE: Track[] = [s('Anatomía humana', 2), ['Bioquímica'], ['Fisiología'], ['Microbiología y parasitología'], ['Salud pública'], ['Farmacología']];

export const CAREERS: CareerData[] = [
  // Campus Norte
  {
    code: 'ISC', name: 'Ingeniería en Sistemas Computacionales', short: 'Sistemas', grades: 9, department: 'ING', category: 'GENERAL', tuition: 4850, rvoe: 'RVOE-2015-0417',
    early: [MATH_ENG[0], ['Fundamentos de programación', 'Programación orientada a objetos', 'Estructuras de datos'], ['Matemáticas discretas'], ...MATH_ENG.slice(1)],
    middle: [s('Bases de datos', 2), s('Sistemas operativos', 2), ['Ecuaciones diferenciales'], ['Arquitectura de computadoras'], s('Lenguajes y autómatas', 2), s('Redes de computadoras', 3), s('Ingeniería de software', 2), s('Programación web', 2), ['Análisis de algoritmos'], ['Métodos numéricos']],
    late: one('Inteligencia artificial', 'Desarrollo de aplicaciones móviles', 'Seguridad informática', 'Cómputo en la nube', 'Sistemas distribuidos', 'Administración de proyectos de software', 'Graficación', 'Simulación'),
  },
  {
    code: 'LAE', name: 'Licenciatura en Administración de Empresas', short: 'Administración', grades: 8, department: 'CEA', category: 'GENERAL', tuition: 4200, rvoe: 'RVOE-2012-0133',
    early: [...BUSINESS_CORE, ['Informática administrativa']],
    middle: [s('Mercadotecnia', 2), s('Finanzas', 2), ['Administración de recursos humanos'], ['Derecho laboral'], ['Costos'], ['Comportamiento organizacional'], ['Investigación de operaciones'], ['Administración de operaciones']],
    late: one('Planeación estratégica', 'Comercio internacional', 'Auditoría administrativa', 'Evaluación de proyectos de inversión', 'Liderazgo y negociación', 'Calidad total', 'Desarrollo organizacional'),
  },
  {
    code: 'LCP', name: 'Licenciatura en Contaduría Pública', short: 'Contaduría', grades: 8, department: 'CEA', category: 'GENERAL', tuition: 4200, rvoe: 'RVOE-2012-0134',
    early: [s('Contabilidad financiera', 4), ['Matemáticas financieras'], ['Fundamentos de administración'], ['Microeconomía', 'Macroeconomía'], ['Derecho mercantil']],
    middle: [s('Contribuciones', 3), s('Costos', 2), ['Derecho fiscal'], ['Finanzas corporativas'], ['Sistemas de información contable'], ['Presupuestos']],
    late: [s('Auditoría', 2), ...one('Contabilidad gubernamental', 'Análisis e interpretación de estados financieros', 'Seguridad social', 'Planeación fiscal', 'Normas de información financiera')],
  },
  {
    code: 'IIN', name: 'Ingeniería Industrial', short: 'Industrial', grades: 9, department: 'ING', category: 'GENERAL', tuition: 4650, rvoe: 'RVOE-2016-0221',
    early: [...MATH_ENG, ['Dibujo industrial'], ['Propiedades de los materiales']],
    middle: [s('Investigación de operaciones', 2), ['Estudio del trabajo I', 'Estudio del trabajo II'], ['Control estadístico de la calidad'], ['Procesos de fabricación'], ['Ergonomía'], ['Higiene y seguridad industrial'], ['Administración de operaciones'], ['Economía']],
    late: one('Planeación y diseño de instalaciones', 'Logística y cadenas de suministro', 'Manufactura esbelta', 'Simulación', 'Gestión de la calidad', 'Formulación y evaluación de proyectos', 'Sistemas de manufactura'),
  },
  {
    code: 'LMK', name: 'Licenciatura en Mercadotecnia', short: 'Mercadotecnia', grades: 8, department: 'CEA', category: 'GENERAL', tuition: 4200, rvoe: 'RVOE-2017-0310',
    early: [['Fundamentos de mercadotecnia'], ['Contabilidad básica'], ['Microeconomía', 'Macroeconomía'], ['Estadística descriptiva', 'Estadística inferencial'], ['Psicología del consumidor']],
    middle: [s('Investigación de mercados', 2), ['Publicidad'], ['Mercadotecnia digital'], ['Comportamiento del consumidor'], ['Administración de ventas'], ['Diseño publicitario'], ['Precios y canales de distribución']],
    late: one('Mercadotecnia internacional', 'Plan de mercadotecnia', 'Branding', 'Mercadotecnia de servicios', 'Comercio electrónico', 'Analítica web'),
  },
  {
    code: 'IME', name: 'Ingeniería Mecatrónica', short: 'Mecatrónica', grades: 9, department: 'ING', category: 'GENERAL', tuition: 4950, rvoe: 'RVOE-2018-0142',
    early: [...MATH_ENG, ['Dibujo asistido por computadora'], ['Programación básica']],
    middle: [s('Circuitos eléctricos', 2), ['Electrónica analógica', 'Electrónica digital'], ['Mecánica de materiales'], ['Estática', 'Dinámica'], ['Ecuaciones diferenciales'], ['Microcontroladores'], ['Termodinámica']],
    late: one('Robótica', 'Control automático', 'Controladores lógicos programables', 'Sistemas embebidos', 'Neumática e hidráulica', 'Visión artificial', 'Manufactura integrada por computadora'),
  },
  {
    code: 'LNI', name: 'Licenciatura en Negocios Internacionales', short: 'Negocios Int.', grades: 8, department: 'CEA', category: 'GENERAL', tuition: 4500, rvoe: 'RVOE-2016-0412',
    early: [...BUSINESS_CORE.slice(0, 4), ['Geografía económica']],
    middle: [['Comercio internacional I', 'Comercio internacional II'], ['Derecho internacional'], ['Logística internacional'], ['Aduanas y clasificación arancelaria'], ['Finanzas internacionales'], ['Negociación intercultural'], ['Tratados comerciales']],
    late: one('Mercadotecnia internacional', 'Plan de negocios de exportación', 'Economía internacional', 'Inversión extranjera', 'Cadenas globales de valor'),
  },
  {
    code: 'LDG', name: 'Licenciatura en Diseño Gráfico', short: 'Diseño Gráfico', grades: 8, department: 'AAD', category: 'GENERAL', tuition: 4300, rvoe: 'RVOE-2014-0277',
    early: [s('Dibujo', 2), ['Teoría del color'], ['Fundamentos del diseño'], ['Historia del arte'], ['Geometría descriptiva'], s('Fotografía', 2)],
    middle: [s('Tipografía', 2), s('Diseño editorial', 2), ['Ilustración digital'], ['Semiótica'], ['Diseño de identidad corporativa'], ['Producción gráfica']],
    late: one('Diseño web', 'Animación digital', 'Motion graphics', 'Diseño de empaque', 'Portafolio profesional', 'Diseño de experiencia de usuario'),
  },
  {
    code: 'LTU', name: 'Licenciatura en Turismo', short: 'Turismo', grades: 8, department: 'CEA', category: 'GENERAL', tuition: 3950, rvoe: 'RVOE-2013-0190',
    early: [['Introducción al turismo'], ['Geografía turística'], ['Contabilidad básica'], ['Patrimonio cultural de México'], ['Economía del turismo']],
    middle: [s('Administración hotelera', 2), ['Agencias de viajes'], ['Alimentos y bebidas'], ['Legislación turística'], ['Ecoturismo'], ['Mercadotecnia turística'], ['Organización de eventos']],
    late: one('Planeación turística', 'Turismo sustentable', 'Gestión de destinos', 'Calidad en el servicio', 'Proyectos turísticos'),
  },
  {
    code: 'LGA', name: 'Licenciatura en Gastronomía', short: 'Gastronomía', grades: 8, department: 'CEA', category: 'SALUD', tuition: 5200, rvoe: 'RVOE-2017-0355',
    early: [s('Técnicas culinarias', 3), ['Higiene y manejo de alimentos'], ['Nutrición básica'], ['Química de los alimentos']],
    middle: [s('Cocina mexicana', 2), ['Panadería', 'Repostería'], ['Cocina internacional'], ['Enología'], ['Costos de alimentos y bebidas'], ['Servicio de comedor']],
    late: one('Cocina de vanguardia', 'Administración de restaurantes', 'Diseño de menús', 'Mixología', 'Proyecto gastronómico'),
  },
  // Campus Sur
  {
    code: 'LDE', name: 'Licenciatura en Derecho', short: 'Derecho', grades: 9, department: 'CSH', category: 'GENERAL', tuition: 4100, rvoe: 'RVOE-2010-0098',
    early: [['Introducción al estudio del derecho'], ['Derecho romano'], s('Derecho civil', 4), ['Teoría general del Estado'], ['Historia del derecho mexicano']],
    middle: [s('Derecho penal', 2), ['Derecho constitucional'], s('Derecho procesal civil', 2), ['Derecho mercantil I', 'Derecho mercantil II'], ['Derecho administrativo'], ['Derecho laboral'], ['Garantías y amparo']],
    late: one('Derecho internacional público', 'Derecho fiscal', 'Derecho agrario', 'Filosofía del derecho', 'Derecho procesal penal', 'Juicios orales', 'Derecho notarial', 'Medios alternativos de solución de controversias'),
  },
  {
    code: 'LPS', name: 'Licenciatura en Psicología', short: 'Psicología', grades: 9, department: 'CS', category: 'SALUD', tuition: 4300, rvoe: 'RVOE-2011-0215',
    early: [['Introducción a la psicología'], ['Bases biológicas de la conducta'], s('Teorías de la personalidad', 2), ['Estadística aplicada a la psicología'], ['Psicología del desarrollo I', 'Psicología del desarrollo II']],
    middle: [s('Psicometría', 2), ['Psicopatología I', 'Psicopatología II'], ['Psicología social'], ['Psicología educativa'], ['Entrevista psicológica'], ['Neuropsicología'], ['Psicología organizacional']],
    late: one('Psicoterapia', 'Evaluación clínica', 'Intervención en crisis', 'Psicología de la salud', 'Ética en psicología', 'Orientación vocacional'),
  },
  {
    code: 'ARQ', name: 'Licenciatura en Arquitectura', short: 'Arquitectura', grades: 9, department: 'AAD', category: 'GENERAL', tuition: 4750, rvoe: 'RVOE-2013-0302',
    early: [s('Taller de diseño arquitectónico', 6), s('Dibujo arquitectónico', 2), ['Geometría descriptiva'], ['Matemáticas aplicadas']],
    middle: [s('Sistemas estructurales', 3), s('Historia de la arquitectura', 2), ['Materiales de construcción'], ['Instalaciones hidrosanitarias'], ['Instalaciones eléctricas'], ['Topografía']],
    late: one('Urbanismo', 'Administración de obra', 'Presupuestos de obra', 'Arquitectura sustentable', 'Restauración de monumentos', 'Modelado BIM'),
  },
  {
    code: 'LCC', name: 'Licenciatura en Ciencias de la Comunicación', short: 'Comunicación', grades: 8, department: 'CSH', category: 'GENERAL', tuition: 4100, rvoe: 'RVOE-2012-0259',
    early: [['Teorías de la comunicación'], ['Redacción periodística I', 'Redacción periodística II'], ['Sociología de la comunicación'], ['Historia de los medios'], ['Fotografía']],
    middle: [s('Producción audiovisual', 2), ['Radio'], ['Televisión'], ['Comunicación organizacional'], ['Semiótica'], ['Periodismo digital'], ['Opinión pública']],
    late: one('Comunicación política', 'Relaciones públicas', 'Guionismo', 'Gestión de redes sociales', 'Documental', 'Publicidad'),
  },
  {
    code: 'LEN', name: 'Licenciatura en Enfermería', short: 'Enfermería', grades: 8, department: 'CS', category: 'SALUD', tuition: 4400, rvoe: 'RVOE-2014-0188',
    early: [...HEALTH_CORE, ['Fundamentos de enfermería']],
    middle: [s('Enfermería clínica', 3), ['Enfermería materno-infantil'], ['Enfermería pediátrica'], ['Nutrición clínica'], ['Epidemiología']],
    late: one('Enfermería geriátrica', 'Enfermería quirúrgica', 'Cuidados intensivos', 'Administración de servicios de enfermería', 'Enfermería comunitaria', 'Salud mental'),
  },
  {
    code: 'LNU', name: 'Licenciatura en Nutrición', short: 'Nutrición', grades: 8, department: 'CS', category: 'SALUD', tuition: 4400, rvoe: 'RVOE-2015-0120',
    early: [...HEALTH_CORE.slice(0, 4), ['Introducción a la nutrición'], ['Química de los alimentos']],
    middle: [s('Nutrición clínica', 2), ['Evaluación del estado nutricio'], ['Dietoterapia'], ['Nutrición en el ciclo de vida'], ['Tecnología de los alimentos'], ['Epidemiología de la nutrición']],
    late: one('Nutrición deportiva', 'Administración de servicios de alimentos', 'Educación para la salud', 'Nutrición comunitaria', 'Soporte nutricio'),
  },
  {
    code: 'LPE', name: 'Licenciatura en Pedagogía', short: 'Pedagogía', grades: 8, department: 'CSH', category: 'GENERAL', tuition: 3800, rvoe: 'RVOE-2011-0166',
    early: [['Teoría pedagógica'], ['Historia de la educación'], ['Psicología del aprendizaje'], ['Filosofía de la educación'], ['Sociología de la educación']],
    middle: [s('Didáctica', 2), ['Diseño curricular'], ['Evaluación educativa'], ['Orientación educativa'], ['Tecnología educativa'], ['Educación inclusiva'], ['Planeación educativa']],
    late: one('Gestión escolar', 'Capacitación en las organizaciones', 'Educación a distancia', 'Investigación educativa', 'Políticas educativas'),
  },
  {
    code: 'ICI', name: 'Ingeniería Civil', short: 'Civil', grades: 9, department: 'ING', category: 'GENERAL', tuition: 4750, rvoe: 'RVOE-2016-0198',
    early: [...MATH_ENG, ['Dibujo en ingeniería'], ['Geología']],
    middle: [['Estática', 'Mecánica de materiales'], s('Análisis estructural', 2), ['Mecánica de suelos I', 'Mecánica de suelos II'], ['Hidráulica'], ['Topografía'], ['Materiales de construcción'], ['Ecuaciones diferenciales']],
    late: one('Diseño de estructuras de concreto', 'Diseño de estructuras de acero', 'Vías terrestres', 'Abastecimiento de agua potable', 'Costos y presupuestos', 'Administración de la construcción', 'Cimentaciones'),
  },
  {
    code: 'LRI', name: 'Licenciatura en Relaciones Internacionales', short: 'Relaciones Int.', grades: 8, department: 'CSH', category: 'GENERAL', tuition: 4300, rvoe: 'RVOE-2014-0333',
    early: [['Introducción a las relaciones internacionales'], ['Historia mundial contemporánea'], ['Teoría política'], ['Economía'], ['Geografía política']],
    middle: [s('Teorías de las relaciones internacionales', 2), ['Derecho internacional público'], ['Política exterior de México'], ['Organismos internacionales'], ['Comercio internacional'], ['Análisis de coyuntura']],
    late: one('Cooperación internacional', 'Seguridad internacional', 'Diplomacia y protocolo', 'Geopolítica', 'Migración internacional'),
  },
  {
    code: 'LCR', name: 'Licenciatura en Criminología', short: 'Criminología', grades: 8, department: 'CSH', category: 'GENERAL', tuition: 4000, rvoe: 'RVOE-2018-0251',
    early: [['Introducción a la criminología'], ['Derecho penal I', 'Derecho penal II'], ['Psicología criminal'], ['Sociología criminal'], ['Medicina forense']],
    middle: [s('Criminalística', 2), ['Victimología'], ['Penología'], ['Política criminal'], ['Dactiloscopía'], ['Balística forense']],
    late: one('Perfilación criminal', 'Prevención del delito', 'Sistema penal acusatorio', 'Criminología clínica', 'Seguridad pública'),
  },
  // Campus Oriente (large size only)
  {
    code: 'IGE', name: 'Ingeniería en Gestión Empresarial', short: 'Gestión Emp.', grades: 9, department: 'ING', category: 'GENERAL', tuition: 4500, rvoe: 'RVOE-2019-0104',
    early: [['Cálculo diferencial', 'Cálculo integral'], ['Álgebra lineal'], ['Probabilidad y estadística'], ['Fundamentos de gestión empresarial'], ['Contabilidad orientada a los negocios']],
    middle: [s('Finanzas en las organizaciones', 2), ['Investigación de operaciones'], ['Ingeniería económica'], ['Gestión del capital humano'], ['Mercadotecnia'], ['Cadena de suministros'], ['Economía empresarial']],
    late: one('Plan de negocios', 'Gestión estratégica', 'Calidad aplicada a la gestión empresarial', 'Ingeniería de procesos', 'Sistemas de información de mercadotecnia', 'Desarrollo sustentable'),
  },
  {
    code: 'ITI', name: 'Ingeniería en Tecnologías de la Información', short: 'TI', grades: 9, department: 'ING', category: 'GENERAL', tuition: 4850, rvoe: 'RVOE-2019-0118',
    early: [['Fundamentos de programación', 'Programación orientada a objetos', 'Estructuras de datos'], ['Matemáticas discretas'], ['Cálculo diferencial', 'Cálculo integral'], ['Álgebra lineal'], ['Probabilidad y estadística']],
    middle: [s('Bases de datos', 2), s('Redes de computadoras', 3), ['Sistemas operativos'], ['Ingeniería de software'], s('Desarrollo web', 2), ['Administración de servidores']],
    late: one('Ciberseguridad', 'Cómputo en la nube', 'Internet de las cosas', 'Ciencia de datos', 'Auditoría de tecnologías de la información', 'Gobierno de TI'),
  },
  {
    code: 'LFT', name: 'Licenciatura en Fisioterapia', short: 'Fisioterapia', grades: 8, department: 'CS', category: 'SALUD', tuition: 4600, rvoe: 'RVOE-2018-0177',
    early: [...HEALTH_CORE.slice(0, 4), ['Biomecánica'], ['Kinesiología']],
    middle: [s('Terapia física', 3), ['Electroterapia'], ['Hidroterapia'], ['Rehabilitación neurológica'], ['Rehabilitación ortopédica']],
    late: one('Fisioterapia deportiva', 'Fisioterapia pediátrica', 'Fisioterapia geriátrica', 'Ortesis y prótesis', 'Terapia manual'),
  },
  {
    code: 'CDE', name: 'Licenciatura en Cirujano Dentista', short: 'Odontología', grades: 9, department: 'CS', category: 'SALUD', tuition: 5600, rvoe: 'RVOE-2017-0420',
    early: [...HEALTH_CORE, ['Anatomía dental']],
    middle: [s('Operatoria dental', 2), ['Periodoncia'], ['Endodoncia'], ['Prótesis fija', 'Prótesis removible'], ['Radiología dental'], ['Odontopediatría']],
    late: one('Ortodoncia', 'Cirugía bucal', 'Clínica integral', 'Odontología preventiva', 'Administración del consultorio dental', 'Patología bucal'),
  },
  {
    code: 'IQU', name: 'Ingeniería Química', short: 'Química', grades: 9, department: 'ING', category: 'GENERAL', tuition: 4750, rvoe: 'RVOE-2016-0266',
    early: [['Cálculo diferencial', 'Cálculo integral', 'Cálculo vectorial'], ['Álgebra lineal'], ['Química inorgánica'], ['Química orgánica I', 'Química orgánica II'], s('Física', 2)],
    middle: [s('Termodinámica', 2), ['Balance de materia y energía'], ['Fenómenos de transporte'], ['Fisicoquímica'], ['Química analítica'], ['Ecuaciones diferenciales'], ['Operaciones unitarias I', 'Operaciones unitarias II']],
    late: one('Ingeniería de reactores', 'Control de procesos', 'Diseño de plantas', 'Procesos de separación', 'Ingeniería ambiental', 'Seguridad industrial'),
  },
  {
    code: 'LAF', name: 'Licenciatura en Administración Financiera', short: 'Finanzas', grades: 8, department: 'CEA', category: 'GENERAL', tuition: 4300, rvoe: 'RVOE-2015-0343',
    early: [...BUSINESS_CORE],
    middle: [s('Finanzas corporativas', 2), ['Mercados financieros'], ['Análisis financiero'], ['Presupuestos'], ['Derecho fiscal'], ['Econometría']],
    late: one('Administración de riesgos', 'Finanzas internacionales', 'Banca y crédito', 'Valuación de empresas', 'Planeación financiera', 'Ingeniería financiera'),
  },
  {
    code: 'LEC', name: 'Licenciatura en Economía', short: 'Economía', grades: 8, department: 'CEA', category: 'GENERAL', tuition: 4200, rvoe: 'RVOE-2013-0287',
    early: [s('Microeconomía', 2), s('Macroeconomía', 2), ['Matemáticas para economistas'], ['Historia económica de México'], ['Estadística']],
    middle: [s('Econometría', 2), ['Teoría monetaria'], ['Finanzas públicas'], ['Economía internacional'], ['Desarrollo económico'], ['Economía ambiental']],
    late: one('Política económica', 'Economía laboral', 'Evaluación de proyectos', 'Economía regional', 'Organización industrial'),
  },
  {
    code: 'LTS', name: 'Licenciatura en Trabajo Social', short: 'Trabajo Social', grades: 8, department: 'CSH', category: 'GENERAL', tuition: 3700, rvoe: 'RVOE-2012-0301',
    early: [['Introducción al trabajo social'], ['Sociología'], ['Psicología social'], ['Antropología social'], ['Metodología del trabajo social']],
    middle: [s('Trabajo social de casos', 2), ['Trabajo social de grupos'], ['Trabajo social comunitario'], ['Política social'], ['Desarrollo comunitario'], ['Legislación social']],
    late: one('Trabajo social en salud', 'Trabajo social en el ámbito jurídico', 'Gerencia social', 'Evaluación de programas sociales', 'Derechos humanos'),
  },
  {
    code: 'ILO', name: 'Ingeniería en Logística', short: 'Logística', grades: 9, department: 'ING', category: 'GENERAL', tuition: 4600, rvoe: 'RVOE-2020-0031',
    early: [['Cálculo diferencial', 'Cálculo integral'], ['Álgebra lineal'], ['Probabilidad y estadística'], ['Introducción a la logística'], ['Contabilidad y costos']],
    middle: [s('Investigación de operaciones', 2), ['Gestión de inventarios'], ['Almacenes'], ['Transporte y distribución'], ['Cadena de suministro'], ['Legislación aduanera'], ['Compras y abastecimiento']],
    late: one('Logística internacional', 'Simulación de sistemas logísticos', 'Tecnologías de la información en logística', 'Logística inversa', 'Gestión de proyectos logísticos'),
  },
  {
    code: 'LCF', name: 'Licenciatura en Cultura Física y Deportes', short: 'Deportes', grades: 8, department: 'CS', category: 'SALUD', tuition: 3900, rvoe: 'RVOE-2014-0365',
    early: [['Anatomía funcional'], ['Fisiología del ejercicio'], ['Teoría del entrenamiento deportivo'], ['Psicología del deporte'], ['Historia de la educación física']],
    middle: [s('Deportes de conjunto', 2), ['Atletismo'], ['Natación'], ['Biomecánica deportiva'], ['Nutrición deportiva'], ['Primeros auxilios']],
    late: one('Administración deportiva', 'Entrenamiento de alto rendimiento', 'Actividad física adaptada', 'Recreación', 'Evaluación del rendimiento físico'),
  },
];

/** Subjects every programme has: language, general education and the closing seminars. */
export const COMMON_EARLY: Track[] = [s('Inglés', 6), ['Comunicación oral y escrita'], ['Metodología de la investigación'], ['Desarrollo humano']];
export const COMMON_MIDDLE: Track[] = [['Ética profesional'], ['Emprendimiento e innovación']];
export const COMMON_LATE: Track[] = [s('Seminario de titulación', 2), ['Prácticas profesionales']];

/** Continuing-education courses; `career` ties a course to one career's students. */
export const COURSES: { code: string; name: string; short: string; career: string | null; modules: string[] }[] = [
  { code: 'DIP-CD', name: 'Diplomado en Ciencia de Datos', short: 'Ciencia de Datos', career: 'ISC', modules: ['Python para análisis de datos', 'Estadística aplicada', 'Aprendizaje automático', 'Visualización de datos'] },
  { code: 'CUR-EXC', name: 'Curso de Excel Avanzado', short: 'Excel Avanzado', career: 'LAE', modules: ['Fórmulas y funciones', 'Tablas dinámicas', 'Macros'] },
  { code: 'DIP-DF', name: 'Diplomado en Derecho Fiscal', short: 'Derecho Fiscal', career: 'LDE', modules: ['Código Fiscal de la Federación', 'ISR e IVA', 'Defensa fiscal'] },
  { code: 'TAL-ORA', name: 'Taller de Oratoria y Expresión', short: 'Oratoria', career: null, modules: ['Expresión verbal', 'Expresión corporal'] },
  { code: 'CUR-TOEFL', name: 'Curso de Preparación TOEFL ITP', short: 'TOEFL', career: null, modules: ['Listening comprehension', 'Structure and written expression', 'Reading comprehension'] },
  { code: 'DIP-PC', name: 'Diplomado en Psicología Clínica Infantil', short: 'Psicología Infantil', career: 'LPS', modules: ['Desarrollo infantil', 'Evaluación infantil', 'Intervención con niños'] },
];
