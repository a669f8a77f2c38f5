/**
 * GET /api/students/export/{id} (issue 31.2, 'Gegevens downloaden'): everything this school holds
 * about one student as a ZIP, for an access request (AVG art. 15) — her profile, classes, activities,
 * quiz results, portfolio with feedback and grades, check requests and the access log as JSON, and
 * her files. Streamed by fflate entry by entry, so a portfolio of photos never sits in memory whole.
 * ADMINs of her school only; the rows are read before the first byte, so a refusal is a plain 4xx.
 */
import { PassThrough, type Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { RULES, waitText } from '../../auth/rate-limit';
import { bearerToken, loadSessionUser, type SessionUser } from '../../auth/session-user';
import type { AppContext } from '../../context';
import { ensureDemoBlob } from '../../files/demo-files';
import { CONTROL_IN_NAME } from '../../files/file-types';
import { contentDisposition } from '../../http/content-disposition';
import { api } from '../../../src/api/catalogue';
import { OTHER_ROLE, toFastifyPath } from '../../http/registry';
import { forbidden, TooManyRequests, unauthorized } from '../../http-error';
import { logAccess } from './access-log';
import { studentFiles, studentProfileRow, studentRecords, type StudentFile } from './privacy-queries';
import { requireMember } from './queries';

/** The caller of a privacy route: an ADMIN of her current school (the catalogue's 'portal' rule). */
async function privacyCaller(req: Parameters<typeof bearerToken>[0], app: AppContext): Promise<SessionUser> {
  const token = bearerToken(req);
  const user = token ? await loadSessionUser(app.db, token, app.tokens) : null;
  if (!user) throw unauthorized();
  if (user.role === 'STUDENT') throw forbidden('Leerlingen hebben geen toegang tot de Docentenomgeving.');
  if (user.role !== 'ADMIN') throw forbidden(OTHER_ROLE);
  return user;
}

/**
 * A file's name in the ZIP: its id keeps two 'foto.jpg' apart; nothing that climbs out of the folder,
 * and no control character (a name stored before the upload's own cleaning caught one, or a demo file).
 */
const entryName = (f: StudentFile) =>
  `bestanden/${f.id}-${f.filename
    .replace(CONTROL_IN_NAME, '_')
    .replace(/[\\/:*?"<>|]/g, '_')
    .replace(/^\.+/, '_')
    .slice(0, 120)}`;

// Already compressed: stored as they are instead of deflated a second time.
const COMPRESSED = /^(image\/(jpeg|png|gif|webp)|application\/(pdf|zip)|video\/|audio\/)/;

const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value, null, 2));

const README = `Gegevens van een leerling uit de Docentenomgeving (Maatschappijwijzer).

profiel.json          account, school, niveau, laatste activiteit
klassen.json          de klassen van deze school waarin zij zit
activiteiten.json     aanmeldingen, gemaakte toetsen, ingeleverd werk, nakijkverzoeken
toetsresultaten.json  de resultaten van toetsen en quizzen
portfolio.json        portfolio-opdrachten met haar antwoorden, cijfers (beoordeling) en feedback van docenten
nakijkverzoeken.json  verzoeken om een les na te kijken en wat ermee gebeurde
inzage.json           wie haar gegevens bekeek of wijzigde, en wanneer
bestanden/            haar bestanden (foto's en documenten uit het portfolio)

Zie docs/privacy.md van de Docentenomgeving voor wat bewaard wordt, waarom en hoe lang.
`;

export function registerDataExport(fastify: FastifyInstance, app: AppContext): void {
  // The catalogue's own schema, so a bad id is refused as on every route ('Ongeldige invoer: …'), and
  // who may call is checked first, before the id is even looked at (as registry.ts does).
  const callers = new WeakMap<object, SessionUser>();
  fastify.get<{ Params: { id: number } }>(
    toFastifyPath(api.students.exportData.path),
    {
      schema: { params: api.students.exportData.params },
      onRequest: async (req) => void callers.set(req, await privacyCaller(req, app)),
    },
    async (req, reply) => {
      const user = callers.get(req);
      if (!user) throw unauthorized();
      const id = req.params.id;
      await requireMember(app.db, user.organisationId, id, true);
      // Counted once the student is known to be hers (a mistyped id costs nothing), before a row is read.
      const refused = await app.limits.count(app.db, [{ key: `export:user:${user.id}`, rule: RULES.dataExport }]);
      if (refused)
        throw new TooManyRequests(
          `Je hebt kort na elkaar veel leerlinggegevens gedownload. Probeer het over ${waitText(refused.retryAfterSecs)} opnieuw.`,
          refused.retryAfterSecs,
        );
      const [profile] = await studentProfileRow(app.db, user.organisationId, id);
      const records = await studentRecords(app.db, user.organisationId, id);
      const files = await studentFiles(app.db, user.organisationId, id);
      await logAccess(app.db, user, id, { action: 'EXPORT', subject: 'DATA' }, app.now());

      const names = new Map(files.map((f) => [f.id, entryName(f)]));
      const portfolio = records.portfolioItems.map((item) => ({
        ...item,
        blocks: records.portfolioBlocks
          .filter((b) => b.portfolio_item_id === item.id)
          .map((b) => ({
            ...b,
            answers: records.blockItems
              .filter((i) => i.block_id === b.id)
              .map((i) => ({ ...i, file: i.file_id ? (names.get(i.file_id) ?? null) : null })),
            feedback: records.feedback.filter((f) => f.block_id === b.id),
          })),
      }));
      const entries: [string, unknown][] = [
        ['profiel.json', { ...profile, exportedAt: app.now().toISOString(), exportedBy: user.email }],
        ['klassen.json', records.classes],
        ['activiteiten.json', records.activities],
        ['toetsresultaten.json', records.quizResults],
        ['portfolio.json', portfolio],
        ['nakijkverzoeken.json', records.checkRequests],
        ['inzage.json', records.accessLog],
      ];

      const out = new PassThrough();
      const zip = new Zip((err, chunk, final) => {
        if (err) return void out.destroy(err);
        out.write(chunk);
        if (final) out.end();
      });
      void (async () => {
        const add = (name: string, bytes: Uint8Array) => {
          const entry = new ZipDeflate(name, { level: 6 });
          zip.add(entry);
          entry.push(bytes, true);
        };
        add('LEESMIJ.txt', new TextEncoder().encode(README));
        for (const [name, value] of entries) add(name, json(value));
        const missing: string[] = [];
        for (const f of files) {
          let stream: Readable | null = await app.files.get(f.storage_key);
          if (!stream && (await ensureDemoBlob(app.db, app.files, f.storage_key))) stream = await app.files.get(f.storage_key);
          if (!stream) {
            missing.push(entryName(f));
            continue;
          }
          const entry = COMPRESSED.test(f.mime) ? new ZipPassThrough(entryName(f)) : new ZipDeflate(entryName(f), { level: 6 });
          zip.add(entry);
          for await (const chunk of stream) entry.push(chunk as Uint8Array);
          entry.push(new Uint8Array(0), true);
        }
        if (missing.length)
          add(
            'ontbrekende-bestanden.json',
            json({ uitleg: 'Deze bestanden staan in de database maar niet (meer) in de bestandsopslag.', bestanden: missing }),
          );
        zip.end();
      })().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));

      const name = `gegevens-leerling-${id}-${app.now().toISOString().slice(0, 10)}.zip`;
      return reply
        .type('application/zip')
        .header('Content-Disposition', contentDisposition(name))
        .header('Cache-Control', 'private, no-store')
        .send(out);
    },
  );
}
