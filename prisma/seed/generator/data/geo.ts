// Geography: countries (ISO 3166-1 alpha-3 as SAT's c_Pais), the 32 states with their INEGI key,
// RENAPO's CURP code and SEP's entity name, municipalities with INEGI keys, and neighbourhoods
// (colonias) with their postal codes. The school sits in the Guadalajara metropolitan area.

export type CountryData = { code: string; name: string; nationality: string; weight: number };

export const COUNTRIES: CountryData[] = [
  { code: 'MEX', name: 'México', nationality: 'Mexicana', weight: 0 },
  { code: 'USA', name: 'Estados Unidos de América', nationality: 'Estadounidense', weight: 30 },
  { code: 'GTM', name: 'Guatemala', nationality: 'Guatemalteca', weight: 12 },
  { code: 'COL', name: 'Colombia', nationality: 'Colombiana', weight: 14 },
  { code: 'VEN', name: 'Venezuela', nationality: 'Venezolana', weight: 14 },
  { code: 'HND', name: 'Honduras', nationality: 'Hondureña', weight: 8 },
  { code: 'SLV', name: 'El Salvador', nationality: 'Salvadoreña', weight: 6 },
  { code: 'CUB', name: 'Cuba', nationality: 'Cubana', weight: 5 },
  { code: 'ARG', name: 'Argentina', nationality: 'Argentina', weight: 5 },
  { code: 'ESP', name: 'España', nationality: 'Española', weight: 3 },
  { code: 'CAN', name: 'Canadá', nationality: 'Canadiense', weight: 2 },
  { code: 'PER', name: 'Perú', nationality: 'Peruana', weight: 2 },
  { code: 'CHL', name: 'Chile', nationality: 'Chilena', weight: 1 },
  { code: 'ECU', name: 'Ecuador', nationality: 'Ecuatoriana', weight: 1 },
  { code: 'BOL', name: 'Bolivia', nationality: 'Boliviana', weight: 1 },
  { code: 'NIC', name: 'Nicaragua', nationality: 'Nicaragüense', weight: 1 },
  { code: 'CRI', name: 'Costa Rica', nationality: 'Costarricense', weight: 1 },
  { code: 'PAN', name: 'Panamá', nationality: 'Panameña', weight: 0 },
  { code: 'DOM', name: 'República Dominicana', nationality: 'Dominicana', weight: 0 },
  { code: 'URY', name: 'Uruguay', nationality: 'Uruguaya', weight: 0 },
  { code: 'BRA', name: 'Brasil', nationality: 'Brasileña', weight: 0 },
  { code: 'FRA', name: 'Francia', nationality: 'Francesa', weight: 0 },
  { code: 'DEU', name: 'Alemania', nationality: 'Alemana', weight: 0 },
  { code: 'ITA', name: 'Italia', nationality: 'Italiana', weight: 0 },
  { code: 'GBR', name: 'Reino Unido', nationality: 'Británica', weight: 0 },
  { code: 'CHN', name: 'China', nationality: 'China', weight: 0 },
  { code: 'JPN', name: 'Japón', nationality: 'Japonesa', weight: 0 },
  { code: 'KOR', name: 'Corea del Sur', nationality: 'Surcoreana', weight: 0 },
];

/** States of other countries, for the birthplace of foreign people. */
export const FOREIGN_STATES: { country: string; code: string; name: string }[] = [
  { country: 'USA', code: 'CA', name: 'California' },
  { country: 'USA', code: 'TX', name: 'Texas' },
  { country: 'USA', code: 'IL', name: 'Illinois' },
  { country: 'GTM', code: 'GU', name: 'Guatemala' },
  { country: 'GTM', code: 'QZ', name: 'Quetzaltenango' },
  { country: 'COL', code: 'DC', name: 'Bogotá D.C.' },
  { country: 'COL', code: 'ANT', name: 'Antioquia' },
  { country: 'VEN', code: 'A', name: 'Distrito Capital' },
  { country: 'VEN', code: 'M', name: 'Miranda' },
  { country: 'HND', code: 'FM', name: 'Francisco Morazán' },
  { country: 'SLV', code: 'SS', name: 'San Salvador' },
  { country: 'CUB', code: '03', name: 'La Habana' },
  { country: 'ARG', code: 'C', name: 'Ciudad Autónoma de Buenos Aires' },
  { country: 'ESP', code: 'MD', name: 'Comunidad de Madrid' },
  { country: 'CAN', code: 'ON', name: 'Ontario' },
  { country: 'PER', code: 'LIM', name: 'Lima' },
  { country: 'CHL', code: 'RM', name: 'Región Metropolitana de Santiago' },
  { country: 'ECU', code: 'P', name: 'Pichincha' },
  { country: 'BOL', code: 'L', name: 'La Paz' },
  { country: 'NIC', code: 'MN', name: 'Managua' },
  { country: 'CRI', code: 'SJ', name: 'San José' },
];

export type Colony = { name: string; cp: string };
export type CityData = { code: string; name: string; lada: string; colonies: Colony[] };
export type StateData = { code: string; name: string; sep: string; curp: string; weight: number; cities: CityData[] };

const c = (name: string, cp: string): Colony => ({ name, cp });

export const STATES: StateData[] = [
  { code: '01', name: 'Aguascalientes', sep: 'AGUASCALIENTES', curp: 'AS', weight: 8, cities: [{ code: '001', name: 'Aguascalientes', lada: '449', colonies: [c('Zona Centro', '20000'), c('Jardines de la Asunción', '20270'), c('Bosques del Prado Norte', '20127')] }] },
  { code: '02', name: 'Baja California', sep: 'BAJA CALIFORNIA', curp: 'BC', weight: 3, cities: [{ code: '004', name: 'Tijuana', lada: '664', colonies: [c('Zona Centro', '22000'), c('Zona Río', '22010')] }, { code: '002', name: 'Mexicali', lada: '686', colonies: [c('Centro Cívico', '21000')] }] },
  { code: '03', name: 'Baja California Sur', sep: 'BAJA CALIFORNIA SUR', curp: 'BS', weight: 1, cities: [{ code: '003', name: 'La Paz', lada: '612', colonies: [c('Zona Central', '23000')] }] },
  { code: '04', name: 'Campeche', sep: 'CAMPECHE', curp: 'CC', weight: 1, cities: [{ code: '002', name: 'Campeche', lada: '981', colonies: [c('Zona Centro', '24000')] }] },
  { code: '05', name: 'Coahuila de Zaragoza', sep: 'COAHUILA DE ZARAGOZA', curp: 'CL', weight: 2, cities: [{ code: '030', name: 'Saltillo', lada: '844', colonies: [c('Zona Centro', '25000')] }, { code: '035', name: 'Torreón', lada: '871', colonies: [c('Torreón Centro', '27000')] }] },
  { code: '06', name: 'Colima', sep: 'COLIMA', curp: 'CM', weight: 10, cities: [{ code: '002', name: 'Colima', lada: '312', colonies: [c('Colima Centro', '28000'), c('Jardines de Vista Hermosa', '28017')] }, { code: '007', name: 'Manzanillo', lada: '314', colonies: [c('Manzanillo Centro', '28200')] }] },
  { code: '07', name: 'Chiapas', sep: 'CHIAPAS', curp: 'CS', weight: 2, cities: [{ code: '101', name: 'Tuxtla Gutiérrez', lada: '961', colonies: [c('Tuxtla Gutiérrez Centro', '29000')] }] },
  { code: '08', name: 'Chihuahua', sep: 'CHIHUAHUA', curp: 'CH', weight: 2, cities: [{ code: '019', name: 'Chihuahua', lada: '614', colonies: [c('Zona Centro', '31000')] }, { code: '037', name: 'Juárez', lada: '656', colonies: [c('Juárez Centro', '32000')] }] },
  { code: '09', name: 'Ciudad de México', sep: 'CIUDAD DE MÉXICO', curp: 'DF', weight: 10, cities: [{ code: '003', name: 'Coyoacán', lada: '55', colonies: [c('Villa Coyoacán', '04000'), c('Santo Domingo', '04369')] }, { code: '014', name: 'Benito Juárez', lada: '55', colonies: [c('Del Valle Centro', '03100'), c('Narvarte Poniente', '03020')] }, { code: '015', name: 'Cuauhtémoc', lada: '55', colonies: [c('Roma Norte', '06700'), c('Doctores', '06720')] }, { code: '007', name: 'Iztapalapa', lada: '55', colonies: [c('Iztapalapa Centro', '09000')] }] },
  { code: '10', name: 'Durango', sep: 'DURANGO', curp: 'DG', weight: 2, cities: [{ code: '005', name: 'Durango', lada: '618', colonies: [c('Zona Centro', '34000')] }] },
  { code: '11', name: 'Guanajuato', sep: 'GUANAJUATO', curp: 'GT', weight: 12, cities: [{ code: '020', name: 'León', lada: '477', colonies: [c('León de los Aldama Centro', '37000'), c('Jardines del Moral', '37160')] }, { code: '007', name: 'Celaya', lada: '461', colonies: [c('Zona de Oro', '38020')] }, { code: '017', name: 'Irapuato', lada: '462', colonies: [c('Irapuato Centro', '36500')] }] },
  { code: '12', name: 'Guerrero', sep: 'GUERRERO', curp: 'GR', weight: 2, cities: [{ code: '029', name: 'Chilpancingo de los Bravo', lada: '747', colonies: [c('Chilpancingo Centro', '39000')] }, { code: '001', name: 'Acapulco de Juárez', lada: '744', colonies: [c('Acapulco Centro', '39300')] }] },
  { code: '13', name: 'Hidalgo', sep: 'HIDALGO', curp: 'HG', weight: 1, cities: [{ code: '048', name: 'Pachuca de Soto', lada: '771', colonies: [c('Pachuca Centro', '42000')] }] },
  {
    code: '14',
    name: 'Jalisco',
    sep: 'JALISCO',
    curp: 'JC',
    weight: 0,
    cities: [
      {
        code: '039',
        name: 'Guadalajara',
        lada: '33',
        colonies: [
          c('Centro', '44100'), c('Americana', '44160'), c('Lafayette', '44150'), c('Arcos Vallarta', '44130'), c('Ladrón de Guevara', '44600'),
          c('Providencia', '44630'), c('Chapalita', '44500'), c('Jardines del Bosque', '44520'), c('Santa Teresita', '44600'), c('Mezquitán Country', '44260'),
          c('Oblatos', '44700'), c('San Andrés', '44810'), c('Libertad', '44750'), c('Polanco', '44960'), c('Miravalle', '44990'),
          c('Colinas de la Normal', '44270'), c('Huentitán el Bajo', '44250'), c('Jardines Alcalde', '44298'), c('Moderna', '44190'), c('Del Fresno', '44900'),
        ],
      },
      {
        code: '120',
        name: 'Zapopan',
        lada: '33',
        colonies: [
          c('Zapopan Centro', '45100'), c('Ciudad Granja', '45010'), c('Las Águilas', '45080'), c('Jardines Universidad', '45110'), c('Ciudad del Sol', '45050'),
          c('Puerta de Hierro', '45116'), c('Tesistán', '45200'), c('Santa Margarita', '45140'), c('Arcos de Zapopan', '45130'), c('Constitución', '45180'), c('Tabachines', '45188'),
        ],
      },
      {
        code: '098',
        name: 'San Pedro Tlaquepaque',
        lada: '33',
        colonies: [c('Tlaquepaque Centro', '45500'), c('Las Huertas', '45589'), c('El Álamo', '45560'), c('Santa María Tequepexpan', '45601'), c('Lomas de Tlaquepaque', '45559'), c('Toluquilla', '45610'), c('Revolución', '45580')],
      },
      { code: '101', name: 'Tonalá', lada: '33', colonies: [c('Tonalá Centro', '45400'), c('Loma Dorada', '45418'), c('Jalisco', '45412'), c('Santa Paula', '45420'), c('Zalatitán', '45407')] },
      { code: '097', name: 'Tlajomulco de Zúñiga', lada: '33', colonies: [c('Tlajomulco Centro', '45640'), c('Hacienda Santa Fe', '45653'), c('Chulavista', '45654')] },
      { code: '070', name: 'El Salto', lada: '33', colonies: [c('El Salto Centro', '45680'), c('Las Pintas', '45693')] },
      { code: '067', name: 'Puerto Vallarta', lada: '322', colonies: [c('Puerto Vallarta Centro', '48300'), c('Versalles', '48310')] },
      { code: '053', name: 'Lagos de Moreno', lada: '474', colonies: [c('Lagos de Moreno Centro', '47400')] },
      { code: '093', name: 'Tepatitlán de Morelos', lada: '378', colonies: [c('Tepatitlán Centro', '47600')] },
      { code: '063', name: 'Ocotlán', lada: '392', colonies: [c('Ocotlán Centro', '47800')] },
      { code: '023', name: 'Zapotlán el Grande', lada: '341', colonies: [c('Ciudad Guzmán Centro', '49000')] },
      { code: '030', name: 'Chapala', lada: '376', colonies: [c('Chapala Centro', '45900')] },
    ],
  },
  { code: '15', name: 'México', sep: 'MÉXICO', curp: 'MC', weight: 5, cities: [{ code: '106', name: 'Toluca', lada: '722', colonies: [c('Toluca de Lerdo Centro', '50000')] }, { code: '057', name: 'Naucalpan de Juárez', lada: '55', colonies: [c('Ciudad Satélite', '53100')] }] },
  { code: '16', name: 'Michoacán de Ocampo', sep: 'MICHOACÁN DE OCAMPO', curp: 'MN', weight: 12, cities: [{ code: '053', name: 'Morelia', lada: '443', colonies: [c('Morelia Centro', '58000'), c('Chapultepec Norte', '58260')] }, { code: '108', name: 'Zamora', lada: '351', colonies: [c('Zamora Centro', '59600')] }, { code: '102', name: 'Uruapan', lada: '452', colonies: [c('Uruapan Centro', '60000')] }] },
  { code: '17', name: 'Morelos', sep: 'MORELOS', curp: 'MS', weight: 1, cities: [{ code: '007', name: 'Cuernavaca', lada: '777', colonies: [c('Cuernavaca Centro', '62000')] }] },
  { code: '18', name: 'Nayarit', sep: 'NAYARIT', curp: 'NT', weight: 9, cities: [{ code: '017', name: 'Tepic', lada: '311', colonies: [c('Tepic Centro', '63000'), c('Ciudad del Valle', '63157')] }] },
  { code: '19', name: 'Nuevo León', sep: 'NUEVO LEÓN', curp: 'NL', weight: 3, cities: [{ code: '039', name: 'Monterrey', lada: '81', colonies: [c('Monterrey Centro', '64000'), c('Mitras Centro', '64460')] }] },
  { code: '20', name: 'Oaxaca', sep: 'OAXACA', curp: 'OC', weight: 1, cities: [{ code: '067', name: 'Oaxaca de Juárez', lada: '951', colonies: [c('Oaxaca Centro', '68000')] }] },
  { code: '21', name: 'Puebla', sep: 'PUEBLA', curp: 'PL', weight: 2, cities: [{ code: '114', name: 'Puebla', lada: '222', colonies: [c('Puebla Centro', '72000')] }] },
  { code: '22', name: 'Querétaro', sep: 'QUERÉTARO', curp: 'QT', weight: 2, cities: [{ code: '014', name: 'Querétaro', lada: '442', colonies: [c('Querétaro Centro', '76000')] }] },
  { code: '23', name: 'Quintana Roo', sep: 'QUINTANA ROO', curp: 'QR', weight: 1, cities: [{ code: '005', name: 'Benito Juárez', lada: '998', colonies: [c('Cancún Centro', '77500')] }] },
  { code: '24', name: 'San Luis Potosí', sep: 'SAN LUIS POTOSÍ', curp: 'SP', weight: 2, cities: [{ code: '028', name: 'San Luis Potosí', lada: '444', colonies: [c('San Luis Potosí Centro', '78000')] }] },
  { code: '25', name: 'Sinaloa', sep: 'SINALOA', curp: 'SL', weight: 4, cities: [{ code: '006', name: 'Culiacán', lada: '667', colonies: [c('Culiacán Centro', '80000')] }, { code: '012', name: 'Mazatlán', lada: '669', colonies: [c('Mazatlán Centro', '82000')] }] },
  { code: '26', name: 'Sonora', sep: 'SONORA', curp: 'SR', weight: 2, cities: [{ code: '030', name: 'Hermosillo', lada: '662', colonies: [c('Hermosillo Centro', '83000')] }] },
  { code: '27', name: 'Tabasco', sep: 'TABASCO', curp: 'TC', weight: 1, cities: [{ code: '004', name: 'Centro', lada: '993', colonies: [c('Villahermosa Centro', '86000')] }] },
  { code: '28', name: 'Tamaulipas', sep: 'TAMAULIPAS', curp: 'TS', weight: 1, cities: [{ code: '041', name: 'Victoria', lada: '834', colonies: [c('Ciudad Victoria Centro', '87000')] }, { code: '038', name: 'Tampico', lada: '833', colonies: [c('Tampico Centro', '89000')] }] },
  { code: '29', name: 'Tlaxcala', sep: 'TLAXCALA', curp: 'TL', weight: 1, cities: [{ code: '033', name: 'Tlaxcala', lada: '246', colonies: [c('Tlaxcala Centro', '90000')] }] },
  { code: '30', name: 'Veracruz de Ignacio de la Llave', sep: 'VERACRUZ DE IGNACIO DE LA LLAVE', curp: 'VZ', weight: 2, cities: [{ code: '193', name: 'Veracruz', lada: '229', colonies: [c('Veracruz Centro', '91700')] }, { code: '087', name: 'Xalapa', lada: '228', colonies: [c('Xalapa Centro', '91000')] }] },
  { code: '31', name: 'Yucatán', sep: 'YUCATÁN', curp: 'YN', weight: 1, cities: [{ code: '050', name: 'Mérida', lada: '999', colonies: [c('Mérida Centro', '97000')] }] },
  { code: '32', name: 'Zacatecas', sep: 'ZACATECAS', curp: 'ZS', weight: 6, cities: [{ code: '056', name: 'Zacatecas', lada: '492', colonies: [c('Zacatecas Centro', '98000')] }] },
];

/** Municipalities of the Guadalajara metropolitan area, where most students live. */
export const METRO_CITY_CODES = ['039', '120', '098', '101', '097', '070'];
export const METRO_CITY_WEIGHTS = [40, 28, 14, 9, 7, 2];

export const STREETS = [
  'Av. Juárez', 'Av. Hidalgo', 'Av. Vallarta', 'Av. Adolfo López Mateos', 'Av. de las Américas', 'Av. Chapultepec', 'Av. Patria', 'Av. Guadalupe',
  'Av. Niños Héroes', 'Av. Revolución', 'Av. Federalismo', 'Av. Alcalde', 'Av. Lázaro Cárdenas', 'Av. Mariano Otero', 'Av. Javier Mina', 'Av. Tonaltecas',
  'Calle Morelos', 'Calle Pedro Moreno', 'Calle Independencia', 'Calle Allende', 'Calle Aldama', 'Calle Zaragoza', 'Calle Galeana', 'Calle Colón',
  'Calle Madero', 'Calle Reforma', 'Calle Ramón Corona', 'Calle Degollado', 'Calle Libertad', 'Calle Herrera y Cairo', 'Calle Manuel Acuña',
  'Calle Lerdo de Tejada', 'Calle Justo Sierra', 'Calle Garibaldi', 'Calle José Guadalupe Zuno', 'Calle Prisciliano Sánchez', 'Calle Liceo',
  'Calle Belén', 'Calle Industria', 'Calle Hospital', 'Calle San Felipe', 'Calle 5 de Mayo', 'Calle 16 de Septiembre', 'Calle Nicolás Bravo',
  'Calle Vicente Guerrero', 'Calle Benito Juárez', 'Calle Jacarandas', 'Calle Tulipanes', 'Calle Pino', 'Calle Roble', 'Calle Sauce', 'Calle Magnolia',
  'Calle Fresno', 'Calle Ciprés', 'Calle Naranjo', 'Calle Azucena', 'Calle Gardenia', 'Calle Orquídea', 'Calle Río Nilo', 'Calle Río Bravo',
  'Calle Sierra Madre', 'Calle Popocatépetl', 'Calle Mar Caribe', 'Calle Golfo de California', 'Privada Los Olivos', 'Andador Las Rosas',
];
