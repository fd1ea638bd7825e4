import { PlatformError, type MetricValues } from '../platform-adapter';

/** One metric of an `/insights` answer: lifetime metrics carry `values[0].value`, some `total_value.value`. */
export interface GraphInsight {
  name?: string;
  values?: Array<{ value?: unknown }>;
  total_value?: { value?: unknown };
}

/** A Graph counter as a number, or undefined when Meta gave none (it leaves fields out rather than send 0 for data it lacks). */
export function graphCount(value: unknown): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : undefined;
}

/**
 * The values of an `/insights` answer under the names `rename` gives (the metric's own name when
 * it gives none). A metric Meta left out (its empty set for data it lacks) stays absent.
 */
export function insightValues(data: GraphInsight[] | undefined, rename: Record<string, string> = {}): MetricValues {
  const out: MetricValues = {};
  for (const insight of data ?? []) {
    if (!insight.name) continue;
    const value = graphCount(insight.values?.[0]?.value ?? insight.total_value?.value);
    if (value !== undefined) out[rename[insight.name] ?? insight.name] = value;
  }
  return out;
}

/**
 * True when a Graph refusal is about a permission the token lacks. Code 10 is also Instagram's
 * "not enough viewers" for insights, which is no permission: only a 10 whose text says
 * permission counts, 200–299 always (both are categorised permission_missing by the classifier).
 */
export function isGraphPermissionRefusal(err: unknown): err is PlatformError {
  if (!(err instanceof PlatformError) || err.options.category !== 'permission_missing') return false;
  const text = err.options.platformError ?? '';
  return !/\[code 10[\]/]/.test(text) || /permission/i.test(text);
}

/** The refusal again, saying which permission to grant for what. */
export function permissionNeeded(err: PlatformError, label: string, permission: string, what: string): PlatformError {
  return new PlatformError(err.code, `${label} needs the ${permission} permission to read ${what}: ${err.options.platformError ?? err.message}`, {
    ...err.options,
    retryable: false,
    category: 'permission_missing',
  });
}
