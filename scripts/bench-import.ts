// npm run bench:import -- [--students 20000] [--grades 500000] [--fresh] [--memory-every 5]: a school's students
// brought in through Herramientas › Importar (issue 31), in this process, through the same
// dispatcher and job runner the server uses, on a demo database of its own (.data/bench-import;
// --fresh starts it over). Writes a CSV of N students (with address, a relative and the current
// group: an enrolment each) in the template's layout, uploads it, imports it as a job, imports it
// again (every row unchanged), and prints the seconds of each run and this process's peak RSS
// (it is the server here). Then N historical grade rows (--grades; 0 skips them) of those students
// (each an ordinary exam of a subject of the group's plan in one period, then extraordinary ones
// when the students × subjects run out), imported twice the same way. Each run prints its wall
// seconds and this process's CPU seconds (the machine may be shared: CPU seconds say what the run
// cost here). The bar: 20,000 students ≤ 60 s; 500,000 historical grade rows ≤ 5 min; RSS
// ≤ 500 MB throughout. --memory-every N prints RSS, heap, external and array buffers every N
// seconds, to see what grows with the file.
import { createWriteStream, openAsBlob } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getHeapStatistics } from 'node:v8';
import { buildCurp } from '../lib/mx';
import { flag, option } from './lib/args';
import { ROOT, localSecret, prepareDatabase } from './lib/bootstrap';
import { exitWithFailure } from './lib/failure';
import { jobResult } from './lib/jobs';

const STUDENTS = Number(option('--students') ?? process.env.BENCH_IMPORT_STUDENTS ?? 20_000);
const GRADES = Number(option('--grades') ?? process.env.BENCH_IMPORT_GRADES ?? 500_000);
const MEMORY_EVERY = Number(option('--memory-every') ?? 0);
const dataDir = path.join(ROOT, '.data', 'bench-import');

let peakRss = 0;
let peakHeap = 0;
let peakExternal = 0;
/** The peaks of the step under way (the upload, the run), reset as each starts. */
let step = { rss: 0, heapTotal: 0, external: 0 };
const sample = () => {
  const memory = process.memoryUsage();
  peakRss = Math.max(peakRss, memory.rss);
  step = { rss: Math.max(step.rss, memory.rss), heapTotal: Math.max(step.heapTotal, memory.heapTotal), external: Math.max(step.external, memory.external + memory.arrayBuffers) };
  peakHeap = Math.max(peakHeap, memory.heapUsed);
  peakExternal = Math.max(peakExternal, memory.external + memory.arrayBuffers);
};
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const stepPeaks = () => {
  sample();
  const peaks = `peak RSS ${mb(step.rss)}, heap ${mb(step.heapTotal)}, external ${mb(step.external)}`;
  step = { rss: 0, heapTotal: 0, external: 0 };
  return peaks;
};
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
const cpuSeconds = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return ((used.user + used.system) / 1e6).toFixed(1);
};

const NAMES = ['Lucía', 'Ana', 'Sofía', 'María', 'Valeria', 'Camila', 'Regina', 'Ximena', 'Renata', 'Daniela'];
const SURNAMES = ['García', 'Hernández', 'López', 'Martínez', 'González', 'Pérez', 'Rodríguez', 'Sánchez', 'Ramírez', 'Cruz'];
/** Born in 2000 or later: RENAPO's homonym key is a letter. */
const HOMONYMS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Student n's row: a distinct CURP from her name, birthday and homonym key. */
function studentRow(n: number, group: { career: string; cicle: string; code: string }): string[] {
  const names = NAMES[n % NAMES.length];
  const first = SURNAMES[Math.floor(n / NAMES.length) % SURNAMES.length];
  const second = SURNAMES[Math.floor(n / 100) % SURNAMES.length];
  const day = new Date(Date.UTC(2000, 0, 1) + (Math.floor(n / (100 * HOMONYMS.length)) % 3000) * 86_400_000);
  const birthday = day.toISOString().slice(0, 10);
  const curp = buildCurp({ names, firstSurname: first, secondSurname: second, birthday, sex: 'M', state: 'JC', homonym: HOMONYMS[Math.floor(n / 100) % HOMONYMS.length] });
  return [curp, `IMP${String(n).padStart(7, '0')}`, names, first, second, 'Mujer', birthday.split('-').reverse().join('/'), group.career, group.cicle, group.code, '8,5', 'Av. Hidalgo', String(100 + (n % 900)), 'Centro', '44100', 'María', first, 'Madre'];
}

const HEADERS = ['CURP', 'Número de control', 'Nombre(s)', 'Primer apellido', 'Segundo apellido', 'Sexo', 'Fecha de nacimiento', 'Carrera', 'Periodo', 'Grupo', 'Promedio de procedencia', 'Calle', 'Número exterior', 'Colonia', 'Código postal', 'Nombre(s) del familiar', 'Primer apellido del familiar', 'Parentesco'];

async function main() {
  if (!Number.isInteger(STUDENTS) || STUDENTS < 1) throw new Error('--students takes a whole number from 1');
  process.env.AUTH_SECRET ||= localSecret(dataDir);
  process.env.UPLOAD_DIR ||= path.join(dataDir, 'uploads');
  process.env.LOG_LEVEL ||= 'warn';
  process.env.RATE_LIMIT_USER_PER_MINUTE = '0';
  const db = await prepareDatabase({ dataDir, fresh: flag('--fresh'), seed: 'demo', log: () => undefined });
  process.env.DATABASE_URL = db.url;

  const { call, tokenFor } = await import('../tests/api/client');
  const { dispatch } = await import('../server/http/dispatch');
  const { prisma, disconnect } = await import('../server/db/client');
  const { createJobRunner } = await import('../server/jobs/runner');
  const { stopJobSender } = await import('../server/jobs/queue');
  const { JOBS } = await import('../server/modules/registry');
  const runner = await createJobRunner(JOBS, { pollingIntervalSeconds: 0.5 });
  const sampler = setInterval(sample, 50);
  const benchStarted = performance.now();
  const tracer =
    MEMORY_EVERY > 0
      ? setInterval(() => {
          const memory = process.memoryUsage();
          console.log(`  [${seconds(benchStarted)} s] rss ${mb(memory.rss)}, heap ${mb(memory.heapUsed)} of ${mb(memory.heapTotal)}, external ${mb(memory.external)}, array buffers ${mb(memory.arrayBuffers)}`);
        }, MEMORY_EVERY * 1000)
      : undefined;
  const folder = await mkdtemp(path.join(tmpdir(), 'bench-import-'));
  try {
    // A group of the active period, opened without a limit so that every bench student fits.
    const group = await prisma.group.findFirstOrThrow({ where: { status: true, career_id: { not: null }, cicle: { is_active: true } }, orderBy: { id: 'asc' }, select: { id: true, code: true, cicle: { select: { description: true } }, career: { select: { code: true } } } });
    await prisma.group.update({ where: { id: group.id }, data: { capacity: 0 } });
    const file = path.join(folder, 'alumnos.csv');
    const out = createWriteStream(file);
    out.write(`${HEADERS.join(';')}\n`);
    for (let n = 1; n <= STUDENTS; n += 1) {
      if (!out.write(`${studentRow(n, { career: group.career!.code, cicle: group.cicle.description, code: group.code }).join(';')}\n`)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    }
    await new Promise<void>((resolve) => out.end(() => resolve()));
    // The file is sent as a Blob backed by the file on disk: the client's copy of it is not the
    // server's memory, and this process's RSS is counted as the server's.
    const studentsFile = await openAsBlob(file);
    const token = await tokenFor('admin', process.env.DEMO_PASSWORD || undefined);
    const rssBefore = process.memoryUsage().rss;
    peakRss = rssBefore;
    // npm run bench:import caps the heap as the server's (SERVER_HEAP_MB, 320 MB), so that RSS is the server's.
    console.log(`heap limit ${mb(getHeapStatistics().heap_size_limit)}; ${STUDENTS} students with address, relative and group ${group.code}: ${mb(studentsFile.size)} of CSV`);

    /**
     * Uploads the file as a browser does: a multipart body with its Content-Length (a FormData
     * given to an in-process Request has none, and the server would read it as chunks and then
     * copy them), the file streamed from disk.
     */
    const upload = async (importer: string, name: string, file: Blob) => {
      const boundary = `----plantel-bench-${Date.now()}`;
      const head = new TextEncoder().encode(`--${boundary}\r\nContent-Disposition: form-data; name="importer"\r\n\r\n${importer}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n`);
      const tail = new TextEncoder().encode(`\r\n--${boundary}--\r\n`);
      async function* parts() {
        yield head;
        for await (const chunk of file.stream() as unknown as AsyncIterable<Uint8Array>) yield chunk;
        yield tail;
      }
      const chunks = parts();
      const request = new Request('http://localhost/manage/api/imports/upload/', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(head.byteLength + file.size + tail.byteLength) },
        body: new ReadableStream<Uint8Array>({
          async pull(controller) {
            const next = await chunks.next();
            if (next.done) controller.close();
            else controller.enqueue(next.value);
          },
        }),
        duplex: 'half',
      } as RequestInit);
      const response = await dispatch(request);
      return { status: response.status, body: await response.json() };
    };

    const importTwice = async (importer: string, name: string, file: Blob) => {
      for (const pass of ['first import', 'same file again']) {
        const started = performance.now();
        const cpu = process.cpuUsage();
        stepPeaks();
        const uploaded = await upload(importer, name, file);
        if (uploaded.status !== 201) throw new Error(`upload/: ${uploaded.status} ${JSON.stringify(uploaded.body).slice(0, 500)}`);
        const uploadedIn = seconds(started);
        const uploadPeaks = stepPeaks();
        const job = await call('POST', `manage/api/imports/${uploaded.body.id}/run/`, { token, body: { mapping: uploaded.body.mapping } });
        if (job.status !== 202) throw new Error(`run/: ${job.status} ${JSON.stringify(job.body)}`);
        const result = (await jobResult(prisma, job.body.job_id)) as { status: string; created: number; updated: number; unchanged: number; refused: number; errors: unknown[] };
        const runPeaks = stepPeaks();
        const rows = result.created + result.updated + result.unchanged + result.refused;
        const wall = (performance.now() - started) / 1000;
        console.log(`  ${pass}: ${result.status} created ${result.created}, updated ${result.updated}, unchanged ${result.unchanged}, refused ${result.refused}; upload ${uploadedIn} s, total ${wall.toFixed(1)} s (${Math.round(rows / wall)} rows/s), CPU ${cpuSeconds(cpu)} s; peak RSS so far ${mb(peakRss)}`);
        console.log(`    upload: ${uploadPeaks}; run: ${runPeaks}`);
        if (result.refused) console.log('  first refusals:', JSON.stringify(result.errors.slice(0, 3)));
      }
    };
    await importTwice('students', 'alumnos.csv', studentsFile);
    if (GRADES > 0) {
      // The subjects of the group's plan and a period of its campus whose name no other period there has.
      const plan = await prisma.studyPlan.findFirstOrThrow({ where: { career: { code: group.career!.code }, status: true, subjects: { some: {} } }, orderBy: { id: 'asc' }, select: { code: true, career: { select: { campus_id: true } }, subjects: { select: { code: true }, orderBy: { id: 'asc' } } } });
      const campusCicles = await prisma.cicle.findMany({ where: { campus_id: plan.career!.campus_id }, select: { description: true } });
      const period = campusCicles.find((c) => campusCicles.filter((other) => other.description === c.description).length === 1)!.description;
      const exams = ['Ordinario', 'Extraordinario', 'Título de suficiencia'];
      const gradesFile = path.join(folder, 'calificaciones.csv');
      const grades = createWriteStream(gradesFile);
      grades.write('Alumno;Plan de estudios;Clave de la materia;Periodo;Tipo de examen;Calificación\n');
      const perExam = STUDENTS * plan.subjects.length;
      if (GRADES > perExam * exams.length) throw new Error(`--grades: at most ${perExam * exams.length} rows with ${STUDENTS} students and ${plan.subjects.length} subjects`);
      for (let n = 0; n < GRADES; n += 1) {
        const exam = exams[Math.floor(n / perExam)];
        const student = (n % perExam) % STUDENTS;
        const subject = plan.subjects[Math.floor((n % perExam) / STUDENTS)].code;
        const line = `IMP${String(student + 1).padStart(7, '0')};${plan.code};${subject};${period};${exam};${(5 + (n % 51) / 10).toFixed(1).replace('.', ',')}\n`;
        if (!grades.write(line)) await new Promise<void>((resolve) => grades.once('drain', () => resolve()));
      }
      await new Promise<void>((resolve) => grades.end(() => resolve()));
      const gradeFile = await openAsBlob(gradesFile);
      console.log(`${GRADES} historical grade rows of ${STUDENTS} students, ${plan.subjects.length} subjects of ${plan.code}, period ${period}: ${mb(gradeFile.size)} of CSV`);
      await importTwice('grades', 'calificaciones.csv', gradeFile);
    }
    console.log(`peak RSS ${mb(peakRss)} (before the imports ${mb(rssBefore)}); peak V8 heap used ${mb(peakHeap)}, peak external and array buffers ${mb(peakExternal)}`);
  } finally {
    clearInterval(sampler);
    clearInterval(tracer);
    await rm(folder, { recursive: true, force: true });
    await runner.stop({ timeoutMs: 5000 });
    await stopJobSender();
    await disconnect();
    await db.embedded?.stop();
  }
}

main().catch(exitWithFailure);
