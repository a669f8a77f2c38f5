/**
 * The print cascade of /books (part 2 §2 "Print modules", §5, §7): subject → module → level → choices.
 * Generating asks chapterLessons/requestDownload for a hash, shows the print page for it and fetches
 * the real PDF (with the bearer token; the hash alone would do, the token ties it to the school). The
 * PDF is kept in Cache Storage per module, level and choices, and offered from there when offline.
 */
import { useEffect, useMemo, useState } from 'react';
import { api } from '../../api/catalogue';
import { ApiCallError, endpointUrl, readAnswer } from '../../api/request';
import { apiFetch } from '../../data/api-client';
import { session } from '../../data/session';
import { useRead } from '../../data/use-read';
import { useWrite } from '../../data/use-write';
import { ONLINE_ONLY_MESSAGE } from '../../data/writes';
import { loadPdf, storePdf, type StoredPdf } from './pdf-cache';
import { choiceKey, DEFAULT_CHOICES, printFlags, printPageUrl, type PrintChoices } from './print-options';

export interface PdfOffer {
  url: string;
  name: string;
  storedAt: number;
  fromCache: boolean;
}

interface Generated {
  key: string;
  printUrl: string;
}

/** The generated PDF, with the session like every call: an access token that expired meanwhile is refreshed. */
export async function fetchPdf(url: string): Promise<Blob> {
  const res = await apiFetch((headers, signal) => fetch(url, { headers, credentials: 'same-origin', signal }), {
    networkMessage: ONLINE_ONLY_MESSAGE,
  });
  if (!res.ok) await readAnswer(res);
  return res.blob();
}

/** An object URL for a blob that is revoked when it is replaced or the page goes. */
function usePdfOffer() {
  const [offer, setOffer] = useState<PdfOffer | null>(null);
  useEffect(() => () => (offer ? URL.revokeObjectURL(offer.url) : undefined), [offer]);
  const show = (pdf: StoredPdf | null, fromCache: boolean) =>
    setOffer(pdf ? { url: URL.createObjectURL(pdf.blob), name: pdf.name, storedAt: pdf.storedAt, fromCache } : null);
  return { offer, show };
}

export function usePrintModule() {
  const sections = useRead(api.classrooms.sections);
  const [sectionId, setSectionId] = useState<number | null>(null);
  const [chapterId, setChapterId] = useState<number | null>(null);
  const [level, setLevel] = useState<string | null>(null);
  const [choices, setChoices] = useState<PrintChoices>(DEFAULT_CHOICES);
  const levels = useRead(api.printing.chapterLevels, { params: { chapterId: chapterId ?? 0 } }, { enabled: chapterId !== null });
  const request = useWrite(api.printing.requestDownload);
  const [generated, setGenerated] = useState<Generated | null>(null);
  const [making, setMaking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [storedFor, setStoredFor] = useState<{ key: string; offer: PdfOffer | null } | null>(null);
  const pdf = usePdfOffer();

  // Part 2 §5/§6: inactive subjects are not offered; a module without lessons cannot be printed.
  const activeSections = useMemo(() => (sections.data ?? []).filter((s) => s.active), [sections.data]);
  const section = activeSections.find((s) => s.id === sectionId) ?? null;
  const chapters = useMemo(() => (section?.chapters ?? []).filter((c) => c.firstLessonId !== null), [section]);
  const chapter = chapters.find((c) => c.id === chapterId) ?? null;
  const levelOptions = chapterId !== null ? (levels.data ?? []) : [];
  const levelLabel = levelOptions.find((l) => l.key === level)?.value ?? level ?? '';
  const key = chapter && level ? choiceKey(chapter.id, level, choices) : null;

  // What is on screen belongs to one module, level and set of choices: another choice hides it.
  const current = generated && generated.key === key ? generated : null;
  const offer = pdf.offer && current ? pdf.offer : null;
  // Only the PDF of the choices on screen: the one of the choices before may be revoked already.
  const stored = storedFor && storedFor.key === key ? storedFor.offer : null;

  // The PDF kept for exactly these choices, offered when the network is away.
  useEffect(() => {
    let live = true;
    let url: string | null = null;
    if (key)
      void loadPdf(key).then((found) => {
        if (!live) return;
        url = found ? URL.createObjectURL(found.blob) : null;
        setStoredFor({ key, offer: found && url ? { url, name: found.name, storedAt: found.storedAt, fromCache: true } : null });
      });
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [key, making]);

  const chooseSection = (id: number | null) => {
    setSectionId(id);
    setChapterId(null);
    setLevel(null);
    setError(null);
  };
  const chooseChapter = (id: number | null) => {
    setChapterId(id);
    setLevel(null);
    setError(null);
  };

  const generate = async () => {
    // Part 2 §5: without a subject and a module nothing happens.
    if (!section || !chapter || chapter.firstLessonId === null || !level || !key) return;
    setError(null);
    setMaking(true);
    setGenerated(null);
    pdf.show(null, false);
    const flags = printFlags(choices);
    try {
      const outcome = await request.send(
        { params: { firstLessonId: chapter.firstLessonId }, query: { ...flags, studyLevel: level } },
        'PDF-versie maken',
      );
      if (outcome.queued) return;
      const { hash } = outcome.answer;
      setGenerated({ key, printUrl: printPageUrl(session.config.api_url, hash, level, flags) });
      const blob = await fetchPdf(endpointUrl(api.printing.pdf, { params: { hash } }, session.config.api_url));
      const name = `${chapter.name} ${levelLabel}.pdf`;
      await storePdf(key, blob, name);
      pdf.show({ blob, name, storedAt: Date.now() }, false);
    } catch (err) {
      const message = err instanceof ApiCallError ? err.message : String(err);
      const fallback = await loadPdf(key);
      if (err instanceof ApiCallError && err.isNetwork && fallback) {
        setGenerated({ key, printUrl: '' });
        pdf.show(fallback, true);
      } else {
        setError(message);
      }
    } finally {
      setMaking(false);
    }
  };

  return {
    sections,
    activeSections,
    sectionId,
    chooseSection,
    chapters,
    chapterId,
    chooseChapter,
    levels,
    levelOptions,
    level,
    chooseLevel: (l: string | null) => {
      setLevel(l);
      setError(null);
    },
    levelLabel,
    chapter,
    choices,
    setChoice: (name: keyof PrintChoices, on: boolean) => setChoices((c) => ({ ...c, [name]: on })),
    generate,
    making,
    error,
    printUrl: current?.printUrl || null,
    offer,
    stored,
  };
}
