/**
 * The wizard's state: the year, the administrator's edits, and the server's plan for them. Every
 * change asks the server's preview (the dry run of the same code that applies), so the proposals and
 * counts on screen are the server's. Online-only: nothing of this is queued or cached.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../api/catalogue';
import { ApiCallError } from '../../api/request';
import type { YearApplied, YearPlan } from '../../api/school-year/types';
import { call } from '../../data/api-client';
import { isoDay } from '../../lib/dates';
import { firstMondayOfSeptember, nextYearStart, ONLINE_ONLY, planBody, yearName, type ClassEdit, type StudentEdit } from './year-rules';
import { YEAR_PREVIEW_DELAY_MS } from '../../constants';

const message = (err: unknown) => (err instanceof ApiCallError ? (err.isNetwork ? ONLINE_ONLY : err.message) : String(err));

export function useYearPlan() {
  const start = nextYearStart(new Date());
  const [name, setName] = useState(yearName(start));
  const [startsOn, setStartsOn] = useState<string | null>(isoDay(firstMondayOfSeptember(start)));
  const [classes, setClasses] = useState<ReadonlyMap<number, ClassEdit>>(new Map());
  const [students, setStudents] = useState<ReadonlyMap<number, StudentEdit>>(new Map());
  const [plan, setPlan] = useState<YearPlan | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [applied, setApplied] = useState<YearApplied | null>(null);
  const [applying, setApplying] = useState(false);
  const asked = useRef(0);
  // One key per plan: a second tap, or a resend after a lost answer, is applied once (the server's Idempotency-Key).
  const applyKey = useRef<{ body: string; key: string } | null>(null);
  const body = planBody(name, startsOn, classes, students);
  const bodyKey = JSON.stringify(body);

  const preview = useCallback(async () => {
    const n = ++asked.current;
    setLoading(true);
    try {
      const answer = await call(api.schoolYear.preview, { body: JSON.parse(bodyKey) });
      if (n === asked.current) {
        setPlan(answer);
        setError(null);
      }
    } catch (err) {
      if (n === asked.current) setError(message(err));
    } finally {
      if (n === asked.current) setLoading(false);
    }
  }, [bodyKey]);

  useEffect(() => {
    if (!plan) return;
    const timer = setTimeout(() => void preview(), YEAR_PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the edits, not the plan they produce
  }, [bodyKey]);

  const apply = async () => {
    if (applyKey.current?.body !== bodyKey) applyKey.current = { body: bodyKey, key: crypto.randomUUID() };
    setApplying(true);
    try {
      setApplied(await call(api.schoolYear.apply, { body: JSON.parse(bodyKey) }, applyKey.current.key));
      setError(null);
    } catch (err) {
      setError(message(err));
    } finally {
      setApplying(false);
    }
  };

  const editClass = (id: number, e: ClassEdit) => setClasses((m) => new Map(m).set(id, { ...m.get(id), ...e }));
  const editStudents = (ids: readonly number[], e: StudentEdit) =>
    setStudents((m) => {
      const next = new Map(m);
      for (const id of ids) next.set(id, { ...m.get(id), ...e });
      return next;
    });

  return {
    name,
    setName,
    startsOn,
    setStartsOn,
    plan,
    error,
    loading,
    preview,
    editClass,
    editStudents,
    classEdits: classes,
    apply,
    applied,
    applying,
  };
}

export type YearPlanState = ReturnType<typeof useYearPlan>;
