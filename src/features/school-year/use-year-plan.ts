/**
 * The wizard's state: where the school stands (the server's status: its proposal, the last year
 * set, a planned change), the year, the administrator's edits, and the server's plan for them. Every
 * change asks the server's preview (the dry run of the same code that applies), so the proposals and
 * counts on screen are the server's. Online-only: nothing of this is queued or cached.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../api/catalogue';
import { ApiCallError } from '../../api/request';
import type { YearApplied, YearPlan, YearStatus } from '../../api/school-year/types';
import { call } from '../../data/api-client';
import { nameProblem, ONLINE_ONLY, planBody, type ClassEdit, type StudentEdit } from './year-rules';
import { YEAR_PREVIEW_DELAY_MS } from '../../constants';

const message = (err: unknown) => (err instanceof ApiCallError ? (err.isNetwork ? ONLINE_ONLY : err.message) : String(err));
const fieldErrorsOf = (err: unknown) => (err instanceof ApiCallError ? err.errors : {});

export function useYearPlan() {
  const [status, setStatus] = useState<YearStatus | null>(null);
  const [name, setNameValue] = useState('');
  const [startsOn, setStartsOnValue] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [classes, setClasses] = useState<ReadonlyMap<number, ClassEdit>>(new Map());
  const [students, setStudents] = useState<ReadonlyMap<number, StudentEdit>>(new Map());
  const [plan, setPlan] = useState<YearPlan | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [applied, setApplied] = useState<YearApplied | null>(null);
  const [busy, setBusy] = useState(false);
  const asked = useRef(0);
  // One key per plan and action: a second tap, or a resend after a lost answer, is done once (the server's Idempotency-Key).
  const writeKey = useRef<{ body: string; key: string } | null>(null);
  const body = planBody(name, startsOn, classes, students);
  const bodyKey = JSON.stringify(body);

  useEffect(() => {
    let live = true;
    call(api.schoolYear.status).then(
      (next) => {
        if (!live) return;
        setStatus(next);
        // The server's proposal: the year after the last one set, so a year just set is not offered again.
        setNameValue(next.proposal.name);
        setStartsOnValue(next.proposal.startsOn);
      },
      (err: unknown) => live && setError(message(err)),
    );
    return () => {
      live = false;
    };
  }, []);

  // On step 1 a refusal belongs to what was typed: a new value clears it (later steps ask again by themselves).
  const setName = (value: string) => {
    setNameValue(value);
    setFieldErrors(({ name: _name, ...rest }) => rest);
    if (!plan) setError(null);
  };
  const setStartsOn = (value: string | null) => {
    setStartsOnValue(value);
    setFieldErrors(({ startsOn: _startsOn, ...rest }) => rest);
    if (!plan) setError(null);
  };

  /** Asks the server's plan for what is on screen; false when it refused (the reason is shown). */
  const preview = useCallback(async (): Promise<boolean> => {
    const n = ++asked.current;
    setLoading(true);
    try {
      const answer = await call(api.schoolYear.preview, { body: JSON.parse(bodyKey) });
      if (n === asked.current) {
        setPlan(answer);
        setError(null);
      }
      return true;
    } catch (err) {
      if (n === asked.current) {
        setError(message(err));
        setFieldErrors(fieldErrorsOf(err));
      }
      return false;
    } finally {
      if (n === asked.current) setLoading(false);
    }
  }, [bodyKey]);

  /** Step 1's 'Volgende': the name and date checked here first, then the server's plan. */
  const start = async (): Promise<boolean> => {
    const problems = {
      ...(nameProblem(name) ? { name: nameProblem(name) as string } : {}),
      ...(startsOn ? {} : { startsOn: 'Kies de eerste schooldag.' }),
    };
    setFieldErrors(problems);
    return Object.keys(problems).length === 0 && preview();
  };

  useEffect(() => {
    if (!plan) return;
    const timer = setTimeout(() => void preview(), YEAR_PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the edits, not the plan they produce
  }, [bodyKey]);

  /** A write of the year change; `done` takes its answer. */
  const write = async <A>(what: string, send: (key: string) => Promise<A>, done: (answer: A) => void) => {
    const sent = `${what}:${bodyKey}`;
    if (writeKey.current?.body !== sent) writeKey.current = { body: sent, key: crypto.randomUUID() };
    setBusy(true);
    try {
      done(await send(writeKey.current.key));
      setError(null);
    } catch (err) {
      setError(message(err));
    } finally {
      setBusy(false);
    }
  };

  const planned = status?.scheduled?.name ?? '';
  const [notice, setNotice] = useState<string | null>(null);
  // Planned or cancelled: the wizard starts afresh from the server's new proposal.
  const afterPlanned = (next: YearStatus) => {
    setNotice(next.scheduled ? null : `Het plan voor schooljaar ${planned} is geannuleerd. Er is niets gewijzigd.`);
    setPlan(null);
    setClasses(new Map());
    setStudents(new Map());
    setStatus(next);
    setNameValue(next.proposal.name);
    setStartsOnValue(next.proposal.startsOn);
  };

  const editClass = (id: number, e: ClassEdit) => setClasses((m) => new Map(m).set(id, { ...m.get(id), ...e }));
  const editStudents = (ids: readonly number[], e: StudentEdit) =>
    setStudents((m) => {
      const next = new Map(m);
      for (const id of ids) next.set(id, { ...m.get(id), ...e });
      return next;
    });

  return {
    status,
    notice,
    name,
    setName,
    startsOn,
    setStartsOn,
    fieldErrors,
    plan,
    error,
    loading,
    start,
    editClass,
    editStudents,
    classEdits: classes,
    applied,
    busy,
    apply: () => write('apply', (key) => call(api.schoolYear.apply, { body: JSON.parse(bodyKey) }, key), setApplied),
    schedule: () => write('schedule', (key) => call(api.schoolYear.schedule, { body: JSON.parse(bodyKey) }, key), afterPlanned),
    cancel: () => write(`cancel ${planned}`, (key) => call(api.schoolYear.cancel, { body: { name: planned } }, key), afterPlanned),
    applyScheduled: () =>
      write(`now ${planned}`, (key) => call(api.schoolYear.applyScheduled, { body: { name: planned } }, key), setApplied),
  };
}

export type YearPlanState = ReturnType<typeof useYearPlan>;
