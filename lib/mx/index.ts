// Mexican identity keys: CURP, RFC and CLABE. Pure functions, shared by forms, server and seeds.
export { CURP_STATE_CODES, buildCurp, curpCheckDigit, isValidCurp, type CurpPerson } from './curp';
export { buildRfc, checkRfc, isValidRfc, rfcCheckDigit, rfcHomoclave, type RfcCheck, type RfcCompany, type RfcPerson } from './rfc';
export { buildClabe, clabeCheckDigit, isValidClabe } from './clabe';
export { normalizeName } from './text';
