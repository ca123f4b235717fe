// State shared by the generation steps: the random streams, the tables, the reference day, the
// ids of fixed catalogue entries and helpers that make people, addresses and contact data.
import { buildCurp, buildRfc } from '../../../lib/mx';
import { type Day, age, dataDay, dayOf, iso, parts, stamp } from './calendar';
import { sizeConfig, SEED, type Size, type SizeConfig } from './config';
import { COUNTRIES, METRO_CITY_CODES, METRO_CITY_WEIGHTS, STATES, STREETS } from './data/geo';
import { FEMALE_NAMES, MALE_NAMES, OLDER_FEMALE_NAMES, OLDER_MALE_NAMES, SURNAMES } from './data/people';
import { Rng, WeightedPicker } from './prng';
import { type Tables, createTables } from './tables';

export type GenerateOptions = {
  size: Size;
  /** shrinks the huge size evenly (0 to 1) to try it small; 1 unless given */
  scaleFactor?: number;
  /** the day the data is "as of"; everything else is placed relative to it */
  today: Date;
  /** the one password hash every generated account shares */
  passwordHash: string;
  /** ids of the roles and permissions seedBase created, by short code */
  roles: Map<string, number>;
  permissions: Map<string, number>;
};

export type Sex = 'H' | 'M';

export type Person = {
  names: string;
  first: string;
  second: string | null;
  sex: Sex;
  birthday: Day;
  /** index in STATES, or -1 for people born abroad */
  stateIndex: number;
  /** ids in the states / countries tables */
  placeBirthId: number;
  nationId: number;
  foreign: boolean;
};

export type CityRef = { id: number; code: string; stateId: number; stateIndex: number; name: string; lada: string; colonies: { name: string; cp: string }[] };

export class Context {
  readonly rng: Rng;
  readonly config: SizeConfig;
  readonly tables: Tables = createTables();
  /** the day the data is as of: within the active period, so the period is under way */
  readonly today: Day;
  readonly year: number;
  readonly defaultStamp: string;
  /** clas id → code → catalogue id */
  readonly catalogIds = new Map<number, Map<string, number>>();
  readonly stateIds: number[] = [];
  readonly countryIds = new Map<string, number>();
  readonly foreignStates: { id: number; country: string }[] = [];
  readonly cities: CityRef[] = [];
  readonly metroCities: CityRef[] = [];
  readonly occupationIds = new Map<string, number>();
  private readonly curps = new Set<string>();
  private readonly emails = new Set<string>();
  private readonly femaleNames = new WeightedPicker(FEMALE_NAMES);
  private readonly maleNames = new WeightedPicker(MALE_NAMES);
  private readonly olderFemaleNames = new WeightedPicker(OLDER_FEMALE_NAMES);
  private readonly olderMaleNames = new WeightedPicker(OLDER_MALE_NAMES);
  private readonly surnames = new WeightedPicker(SURNAMES);
  private readonly birthStates = new WeightedPicker(STATES.map((state, index) => [index, state.weight] as const));
  private readonly foreignCountries = new WeightedPicker(COUNTRIES.map((country) => [country.code, country.weight] as const));
  private metroPicker: WeightedPicker<CityRef> | null = null;
  private jaliscoPicker: WeightedPicker<CityRef> | null = null;

  constructor(readonly options: GenerateOptions) {
    this.rng = new Rng(SEED, options.size);
    this.config = sizeConfig(options.size, options.scaleFactor);
    this.today = dataDay(options.today);
    this.year = parts(this.today).year;
    this.defaultStamp = stamp(dayOf(this.year - 1, 7, 1), 9 * 60);
  }

  get passwordHash(): string {
    return this.options.passwordHash;
  }

  role(short: string): number {
    const id = this.options.roles.get(short);
    if (!id) throw new Error(`Role ${short} is missing: seedBase must run first`);
    return id;
  }

  catalog(clasId: number, code: string): number {
    const id = this.catalogIds.get(clasId)?.get(code);
    if (!id) throw new Error(`Catalogue entry ${clasId}/${code} is missing`);
    return id;
  }

  /** Cities are indexed once the geography step ran. */
  indexCities(): void {
    const inJalisco = (city: CityRef) => STATES[city.stateIndex].code === '14';
    const metro = this.cities.filter((city) => inJalisco(city) && METRO_CITY_CODES.includes(city.code));
    this.metroCities.push(...metro);
    this.metroPicker = new WeightedPicker(metro.map((city) => [city, METRO_CITY_WEIGHTS[METRO_CITY_CODES.indexOf(city.code)]] as const));
    this.jaliscoPicker = new WeightedPicker(this.cities.filter((city) => inJalisco(city) && !metro.includes(city)).map((city) => [city, 1] as const));
  }

  /** Where someone lives: mostly the metropolitan area, some in the rest of the state or elsewhere. */
  homeCity(rng: Rng, birthStateIndex = -1): CityRef {
    if (!this.metroPicker || !this.jaliscoPicker) throw new Error('indexCities first');
    const roll = rng.next();
    if (roll < 0.82) return this.metroPicker.pick(rng);
    if (roll < 0.93) return this.jaliscoPicker.pick(rng);
    const fromBirth = this.cities.filter((city) => city.stateIndex === birthStateIndex);
    return fromBirth.length > 0 && rng.chance(0.7) ? rng.pick(fromBirth) : rng.pick(this.cities);
  }

  /** A person: names by frequency, a birthday in the given year range, born mostly in Jalisco. */
  person(rng: Rng, options: { sex?: Sex; femaleShare?: number; born: [number, number]; older?: boolean; foreignShare?: number; first?: string; second?: string | null }): Person {
    const sex: Sex = options.sex ?? (rng.chance(options.femaleShare ?? 0.5) ? 'M' : 'H');
    const names = options.older ? (sex === 'M' ? this.olderFemaleNames : this.olderMaleNames).pick(rng) : (sex === 'M' ? this.femaleNames : this.maleNames).pick(rng);
    const first = options.first ?? this.surnames.pick(rng);
    let second = options.second !== undefined ? options.second : this.surnames.pick(rng);
    if (options.second === undefined && rng.chance(0.012)) second = null;
    const year = rng.int(options.born[0], options.born[1]);
    const birthday = dayOf(year, 1, 1) + rng.int(0, 364);
    const foreign = rng.chance(options.foreignShare ?? 0);
    if (foreign) {
      const country = this.foreignCountries.pick(rng);
      const states = this.foreignStates.filter((state) => state.country === country);
      return { names, first, second, sex, birthday, stateIndex: -1, placeBirthId: states.length > 0 ? rng.pick(states).id : rng.pick(this.foreignStates).id, nationId: this.countryIds.get(country) ?? 1, foreign };
    }
    const stateIndex = rng.chance(0.72) ? STATES.findIndex((state) => state.code === '14') : this.birthStates.pick(rng);
    return { names, first, second, sex, birthday, stateIndex, placeBirthId: this.stateIds[stateIndex], nationId: this.countryIds.get('MEX') ?? 1, foreign };
  }

  /** A CURP unique among the generated people; homonyms get the next differentiating character. */
  curp(person: Person): string {
    const state = person.stateIndex < 0 ? 'NE' : STATES[person.stateIndex].curp;
    const born = parts(person.birthday);
    const homonyms = born.year < 2000 ? '0123456789' : 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    for (const homonym of homonyms) {
      const curp = buildCurp({ names: person.names, firstSurname: person.first, secondSurname: person.second, birthday: iso(person.birthday), sex: person.sex, state, homonym });
      if (!this.curps.has(curp)) {
        this.curps.add(curp);
        return curp;
      }
    }
    throw new Error('Ran out of CURP homonym characters');
  }

  rfc(person: Person): string {
    return buildRfc({ names: person.names, firstSurname: person.first, secondSurname: person.second, birthday: iso(person.birthday) });
  }

  ageAt(person: Person, at: Day = this.today): number {
    return age(person.birthday, at);
  }

  /** Ten-digit Mexican number: the area code (lada) and the subscriber number. */
  phone(rng: Rng, lada = '33'): string {
    const first = lada.length === 2 ? rng.int(1, 9) : rng.int(2, 9);
    return lada + String(first) + rng.digits(10 - lada.length - 1);
  }

  /**
   * An e-mail address. Domains are under .example (reserved, RFC 2606) so a demo database never
   * mails a real person.
   */
  email(rng: Rng, person: { names: string; first: string; second?: string | null }, domain?: string): string {
    const clean = (text: string) =>
      text
        .toLowerCase()
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .replace(/[^a-z]/g, '');
    const name = clean(person.names.split(' ')[0]);
    const surname = clean(person.first);
    const styles = [`${name}.${surname}`, `${name}${surname}`, `${name}_${surname}`, `${name[0]}${surname}${person.second ? clean(person.second)[0] ?? '' : ''}`, `${surname}.${name}`];
    const host = domain ?? rng.pick(['correo.example', 'mail.example', 'email.example', 'buzon.example']);
    let local = rng.pick(styles);
    if (rng.chance(0.5)) local += String(rng.int(1, 99));
    let address = `${local}@${host}`;
    for (let n = 2; this.emails.has(address); n += 1) address = `${local}${n}@${host}`;
    this.emails.add(address);
    return address;
  }

  /** A street address; returns the address id. */
  address(rng: Rng, options: { city?: CityRef; source: string; parentId: number | null; withPhone?: boolean; notes?: string | null }): number {
    const city = options.city ?? this.homeCity(rng);
    const colony = rng.pick(city.colonies);
    return this.tables.addresses.add({
      colony: colony.name,
      street: rng.pick(STREETS),
      cp: colony.cp,
      city_id: city.id,
      state_id: city.stateId,
      telephone: options.withPhone === false || rng.chance(0.55) ? null : this.phone(rng, city.lada),
      cellphone: this.phone(rng, city.lada.length === 2 ? city.lada : rng.pick(['33', city.lada])),
      notes: options.notes ?? null,
      no_internal: rng.chance(0.18) ? rng.pick(['A', 'B', '1', '2', '3', '101', '202', 'Depto. 4']) : null,
      no_external: String(rng.chance(0.7) ? rng.int(1, 3999) : rng.int(4000, 9999)),
      parent_id: options.parentId,
      source: options.source,
    });
  }

  stampAt(value: Day, minuteOfDay = 9 * 60): string {
    return stamp(value, minuteOfDay);
  }

  /** A time during office hours. */
  officeMinute(rng: Rng): number {
    return rng.int(8 * 60, 19 * 60);
  }
}
