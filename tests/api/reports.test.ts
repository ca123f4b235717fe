// The reports under reports/ against the demo data: each report's figures equal a count the test
// makes with its own SQL, each workbook reads back with the same rows and a totals row, bad
// parameters answer 400 in Spanish, teachers and students 403, and a user assigned to some careers
// sees only those. Also the attendance list export and the staff home's headline figures.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPool, prisma } from '@/server/db/client';
import { REPORT_ROUTES } from '@/server/modules/reports/routes';
import { call, tokenFor } from './client';

type Answer = {
  group: string;
  measures: string[];
  rows: { key: string; label: string; detail: string | null; counts: Record<string, number> }[];
  totals: Record<string, number>;
};

let admin = '';
let cicle = { id: 0, campus_id: 0 };

const sql = async <T extends Record<string, unknown>>(text: string, params: unknown[] = []) => (await getPool().query<T>(text, params)).rows;

/** A report's rows as `key -> counts`, the shape the test's own SQL is read into. */
const byKey = (answer: Answer, measure: string) => Object.fromEntries(answer.rows.map((row) => [row.key, row.counts[measure]]));
const expected = (rows: { key: number | null; n: number }[]) => Object.fromEntries(rows.map((row) => [row.key === null ? '' : String(row.key), row.n]));

beforeAll(async () => {
  admin = await tokenFor('admin');
  [cicle] = await sql<{ id: number; campus_id: number }>('SELECT id, campus_id FROM cicles WHERE is_active ORDER BY id LIMIT 1');
  // A user of the report screens assigned to one career (a coordinator of reports).
  const role = await prisma.role.upsert({ where: { short: 'reports_coordinator' }, update: {}, create: { name: 'Reportes de carrera', short: 'reports_coordinator', routes: [...REPORT_ROUTES, 'scholar-students', 'finance-sales'] } });
  const password = (await prisma.user.findUniqueOrThrow({ where: { username: 'control' } })).password;
  const career = await prisma.career.findFirstOrThrow({ where: { campus_id: cicle.campus_id }, orderBy: { id: 'asc' } });
  await prisma.user.upsert({
    where: { username: 'reports-coordinator' },
    update: {},
    create: { username: 'reports-coordinator', password, roles: { create: [{ role_id: role.id }] }, careers: { create: [{ career_id: career.id }] } },
  });
});

afterAll(async () => {
  await prisma.user.deleteMany({ where: { username: 'reports-coordinator' } });
  await prisma.role.deleteMany({ where: { short: 'reports_coordinator' } });
});

const get = async (path: string, token = admin) => call<Answer>('GET', path, { token });

describe('the figures equal a direct count', () => {
  it('new students: the period\'s first enrolments by career', async () => {
    const answer = await get(`reports/api/get_new_students/?cicle_id=${cicle.id}`);
    expect(answer.status).toBe(200);
    const rows = await sql<{ key: number | null; n: number }>('SELECT career_id AS key, COUNT(*)::int AS n FROM students WHERE cicle_start_id = $1 GROUP BY 1', [cicle.id]);
    expect(byKey(answer.body, 'total')).toEqual(expected(rows));
    expect(answer.body.totals.total).toBe(rows.reduce((sum, row) => sum + row.n, 0));
    expect(answer.body.totals.total).toBeGreaterThan(0);
    const [sex] = await sql<{ h: number; m: number }>(`SELECT COUNT(*) FILTER (WHERE genre = 'H')::int AS h, COUNT(*) FILTER (WHERE genre = 'M')::int AS m FROM students WHERE cicle_start_id = $1`, [cicle.id]);
    expect([answer.body.totals.men, answer.body.totals.women]).toEqual([sex.h, sex.m]);
  });

  it('by school: the period\'s students of the campus by school of origin', async () => {
    const answer = await get(`reports/api/get_students_by_school/?cicle_id=${cicle.id}`);
    expect(answer.status).toBe(200);
    const rows = await sql<{ key: number | null; n: number }>(
      `SELECT s.academic_origin_id AS key, COUNT(DISTINCT s.id)::int AS n
         FROM students s JOIN careers c ON c.id = s.career_id AND c.campus_id = $2
        WHERE EXISTS (SELECT 1 FROM student_groups sg JOIN groups g ON g.id = sg.group_id WHERE sg.student_id = s.id AND sg.status AND g.cicle_id = $1)
        GROUP BY 1`,
      [cicle.id, cicle.campus_id],
    );
    expect(byKey(answer.body, 'total')).toEqual(expected(rows));
    expect(answer.body.rows.some((row) => row.detail)).toBe(true);
  });

  it('by school without a period: every active student', async () => {
    const answer = await get('reports/api/get_students_by_school/');
    const [row] = await sql<{ n: number }>('SELECT COUNT(*)::int AS n FROM students WHERE is_active');
    expect(answer.body.totals.total).toBe(row.n);
  });

  it('by birthplace: the state of birth', async () => {
    const answer = await get(`reports/api/get_students_by_birthplace/?cicle_id=${cicle.id}`);
    expect(answer.status).toBe(200);
    const rows = await sql<{ key: number | null; n: number }>(
      `SELECT s.place_birth_id AS key, COUNT(*)::int AS n
         FROM students s JOIN careers c ON c.id = s.career_id AND c.campus_id = $2
        WHERE s.id IN (SELECT sg.student_id FROM student_groups sg JOIN groups g ON g.id = sg.group_id WHERE sg.status AND g.cicle_id = $1)
        GROUP BY 1`,
      [cicle.id, cicle.campus_id],
    );
    expect(byKey(answer.body, 'total')).toEqual(expected(rows));
  });

  it('for merchandising: applicants against enrolled by school', async () => {
    const answer = await get(`reports/api/get_students_by_school_mercha/?cicle_id=${cicle.id}`);
    expect(answer.status).toBe(200);
    const applicants = await sql<{ key: number | null; n: number }>('SELECT school_origin_id AS key, COUNT(*)::int AS n FROM aspirants WHERE cicle_id = $1 AND is_active GROUP BY 1', [cicle.id]);
    const enrolled = await sql<{ key: number | null; n: number }>('SELECT academic_origin_id AS key, COUNT(*)::int AS n FROM students WHERE cicle_start_id = $1 GROUP BY 1', [cicle.id]);
    const nonZero = (counts: Record<string, number>) => Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0));
    expect(nonZero(byKey(answer.body, 'applicants'))).toEqual(expected(applicants));
    expect(nonZero(byKey(answer.body, 'enrolled'))).toEqual(expected(enrolled));
  });

  it('students by group: each group of the period with its students', async () => {
    const answer = await get(`reports/api/students_by_group/?cicle_id=${cicle.id}`);
    expect(answer.status).toBe(200);
    const rows = await sql<{ key: number; n: number }>(
      `SELECT g.id AS key, (SELECT COUNT(DISTINCT sg.student_id) FROM student_groups sg WHERE sg.group_id = g.id AND sg.status AND sg.subject_id IS NULL)::int AS n
         FROM groups g WHERE g.cicle_id = $1 AND g.status`,
      [cicle.id],
    );
    expect(byKey(answer.body, 'total')).toEqual(expected(rows));
  });

  it('teacher users: distinct teachers in the totals', async () => {
    const answer = await get('reports/api/teachers_users/');
    expect(answer.status).toBe(200);
    const [row] = await sql<{ n: number; with_user: number }>('SELECT COUNT(*)::int AS n, COUNT(user_id)::int AS with_user FROM teachers WHERE status');
    expect(answer.body.totals.teachers).toBe(row.n);
    expect(answer.body.totals.with_user).toBe(row.with_user);
    expect(answer.body.totals.without_user).toBe(row.n - row.with_user);
  });

  it('student users: active students by career and their accounts', async () => {
    const answer = await get('reports/api/student_users/');
    const rows = await sql<{ key: number | null; n: number }>('SELECT career_id AS key, COUNT(user_id)::int AS n FROM students WHERE is_active GROUP BY 1');
    expect(byKey(answer.body, 'with_user')).toEqual(expected(rows));
  });
});

describe('the workbooks', () => {
  const pairs = [
    ['get_new_students', 'export_new_students'],
    ['get_students_by_school', 'export_students_by_school'],
    ['get_students_by_birthplace', 'export_students_by_birthplace'],
    ['get_students_by_school_mercha', 'export_students_by_school_mercha'],
    ['students_by_group', 'export_students_by_group'],
    ['teachers_users', 'export_teachers_users'],
    ['student_users', 'export_student_users'],
  ] as const;

  it.each(pairs)('%s reads back from %s with the same rows and the totals', async (figures, file) => {
    const query = `?cicle_id=${cicle.id}`;
    const answer = await get(`reports/api/${figures}/${query}`);
    const download = await call<ArrayBuffer>('GET', `reports/api/${file}/${query}`, { token: admin, raw: true });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toContain('spreadsheetml');
    expect(download.headers.get('content-disposition')).toContain('attachment');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(download.body);
    const sheet = book.worksheets[0];
    const values = (index: number) => (sheet.getRow(index).values as unknown[]).slice(1);
    expect(sheet.rowCount).toBe(answer.body.rows.length + 2);
    const detailColumns = values(1).length - 1 - answer.body.measures.length;
    answer.body.rows.forEach((row, index) => {
      const line = values(index + 2);
      expect(line[0]).toBe(row.label);
      expect(line.slice(1 + detailColumns)).toEqual(answer.body.measures.map((measure) => row.counts[measure]));
    });
    const totals = values(answer.body.rows.length + 2);
    expect(totals[0]).toBe('Total');
    expect(totals.slice(1 + detailColumns)).toEqual(answer.body.measures.map((measure) => answer.body.totals[measure]));
    if (figures === 'students_by_group') expect(book.worksheets[1].rowCount).toBe(answer.body.totals.total + 1);
  });
});

describe('bad parameters answer 400 in Spanish', () => {
  it.each([
    ['reports/api/get_new_students/', 'cicle_id', 'Este campo es obligatorio.'],
    ['reports/api/get_new_students/?cicle_id=abc', 'cicle_id', 'Valor no válido.'],
    ['reports/api/get_students_by_school/?cicle_id=0', 'cicle_id', 'Valor no válido.'],
    ['reports/api/get_students_by_school/?cicle_id=99999999', 'cicle_id', 'El registro elegido no existe.'],
    ['reports/api/get_students_by_birthplace/?career_id=1.5', 'career_id', 'Valor no válido.'],
    ['reports/api/export_students_by_school_mercha/?cicle_id=99999999999', 'cicle_id', 'Valor no válido.'],
  ])('%s', async (path, field, message) => {
    const answer = await call('GET', path, { token: admin });
    expect(answer.status).toBe(400);
    expect(answer.body[field]).toEqual([message]);
  });

  it('a campus that is not the period\'s, a career of another campus', async () => {
    const [other] = await sql<{ id: number }>('SELECT id FROM campuses WHERE id <> $1 ORDER BY id LIMIT 1', [cicle.campus_id]);
    const campus = await get(`reports/api/get_new_students/?cicle_id=${cicle.id}&campus_id=${other.id}`);
    expect(campus.status).toBe(400);
    expect(campus.body).toEqual({ campus_id: ['El ciclo escolar elegido no pertenece a este plantel.'] });
    const [career] = await sql<{ id: number }>('SELECT id FROM careers WHERE campus_id <> $1 ORDER BY id LIMIT 1', [cicle.campus_id]);
    const wrong = await get(`reports/api/get_new_students/?cicle_id=${cicle.id}&career_id=${career.id}`);
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ career_id: ['La carrera elegida no pertenece a este plantel.'] });
  });
});

describe('who may ask', () => {
  it.each(['docente', 'alumno', 'finanzas'])('%s gets 403', async (username) => {
    const token = await tokenFor(username);
    expect((await get(`reports/api/get_new_students/?cicle_id=${cicle.id}`, token)).status).toBe(403);
    expect((await call('GET', `reports/api/export_students_by_school/`, { token, raw: true })).status).toBe(403);
  });

  it('anonymous calls get 401, unknown report paths 404', async () => {
    expect((await call('GET', 'reports/api/get_new_students/')).status).toBe(401);
    expect((await get('reports/api/get_nothing/')).status).toBe(404);
  });

  it('a user assigned to a career sees only that career', async () => {
    const token = await tokenFor('reports-coordinator');
    const [mine] = await sql<{ career_id: number }>(`SELECT uc.career_id FROM user_careers uc JOIN users u ON u.id = uc.user_id WHERE u.username = 'reports-coordinator'`);
    const answer = await get(`reports/api/get_students_by_birthplace/?cicle_id=${cicle.id}`, token);
    expect(answer.status).toBe(200);
    const [row] = await sql<{ n: number }>(
      `SELECT COUNT(*)::int AS n FROM students s WHERE s.career_id = $2
          AND s.id IN (SELECT sg.student_id FROM student_groups sg JOIN groups g ON g.id = sg.group_id WHERE sg.status AND g.cicle_id = $1)`,
      [cicle.id, mine.career_id],
    );
    expect(answer.body.totals.total).toBe(row.n);
    const careers = await get(`reports/api/get_new_students/?cicle_id=${cicle.id}`, token);
    expect(careers.body.rows.map((line) => line.key)).toEqual([String(mine.career_id)]);
    const [other] = await sql<{ id: number }>('SELECT id FROM careers WHERE campus_id = $1 AND id <> $2 ORDER BY id LIMIT 1', [cicle.campus_id, mine.career_id]);
    const refused = await get(`reports/api/get_new_students/?cicle_id=${cicle.id}&career_id=${other.id}`, token);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: 'No tiene asignada esta carrera.' });
  });
});

describe('attendance-list-export/', () => {
  it('answers a group\'s lists as a workbook, and 400 without a group', async () => {
    const [group] = await sql<{ id: number }>('SELECT id FROM groups WHERE cicle_id = $1 AND status ORDER BY id LIMIT 1', [cicle.id]);
    const file = await call<ArrayBuffer>('GET', `reports/attendance-list-export/?group_id=${group.id}&format=xlsx`, { token: admin, raw: true });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.body);
    expect(book.worksheets.length).toBeGreaterThan(0);
    const missing = await call('GET', 'reports/attendance-list-export/?format=xlsx', { token: admin });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ group_id: ['Este campo es obligatorio.'] });
    expect((await call('GET', `reports/attendance-list-export/?group_id=${group.id}`, { token: await tokenFor('alumno') })).status).toBe(403);
  });
});

describe('the staff home\'s headline figures', () => {
  it('gives an admin every figure of the period, equal to direct counts', async () => {
    const answer = await call('GET', `reports/api/headline/?cicle_id=${cicle.id}`, { token: admin });
    expect(answer.status).toBe(200);
    const [students] = await sql<{ n: number }>(
      `SELECT COUNT(*)::int AS n FROM students s JOIN careers c ON c.id = s.career_id AND c.campus_id = $2
        WHERE s.id IN (SELECT sg.student_id FROM student_groups sg JOIN groups g ON g.id = sg.group_id WHERE sg.status AND g.cicle_id = $1)`,
      [cicle.id, cicle.campus_id],
    );
    expect(answer.body.students.total).toBe(students.n);
    const [applicants] = await sql<{ n: number }>('SELECT COUNT(*)::int AS n FROM aspirants WHERE cicle_id = $1 AND is_active', [cicle.id]);
    expect(answer.body.applicants.total).toBe(applicants.n);
    expect(answer.body.applicants.by_status.map((row: { key: string }) => row.key)).toEqual(['PRE', 'REV', 'PEND', 'PAY', 'INS']);
    const [debts] = await sql<{ n: number; amount: string }>('SELECT COUNT(*)::int AS n, trim_scale(coalesce(SUM(total_debt), 0))::text AS amount FROM sales WHERE cicle_id = $1 AND status AND total_debt > 0', [cicle.id]);
    expect(answer.body.debts).toEqual({ count: debts.n, amount: debts.amount });
    const [pending] = await sql<{ n: number }>('SELECT COUNT(*)::int AS n FROM teacher_without_scores WHERE cicle_id = $1 AND (start_eval IS NULL OR start_eval <= current_date)', [cicle.id]);
    expect(answer.body.pending_grades.captures).toBe(pending.n);
  });

  it('gives each user only the figures of their screens', async () => {
    const money = await call('GET', `reports/api/headline/?cicle_id=${cicle.id}`, { token: await tokenFor('finanzas') });
    expect(money.status).toBe(200);
    expect(Object.keys(money.body).sort()).toEqual(['cicle', 'debts']);
    expect((await call('GET', `reports/api/headline/?cicle_id=${cicle.id}`, { token: await tokenFor('alumno') })).status).toBe(403);
    expect((await call('GET', 'reports/api/headline/?cicle_id=x', { token: admin })).status).toBe(400);
  });
});
