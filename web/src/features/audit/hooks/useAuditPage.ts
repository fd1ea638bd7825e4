import { useEffect, useMemo, useRef } from 'react';
import type { CombinedError } from 'urql';
import type { QueryStatus } from '../../../ui/QueryResult';
import { useReloadableQuery } from '../../../ui/useReloadableQuery';
import type { AuditEntry } from '../audit';
import { AuditActorKeysDocument, AuditActorsDocument, AuditEntriesDocument } from '../audit.documents';

export interface AuditPageData {
  entries: AuditEntry[];
  total: number;
}

/**
 * One page of the audit log, read in three parts (the query cost limit: audit.documents.ts) and
 * joined by entry id. An entry written between the reads can shift the page in one of them; its
 * actor is then missing, and the actor reads are asked again once for that page. `pause` reads
 * nothing (someone the service would refuse).
 */
export function useAuditPage(variables: Record<string, unknown>, pause: boolean): [QueryStatus<AuditPageData>, () => void] {
  const [entries, reloadEntries] = useReloadableQuery({ query: AuditEntriesDocument, variables, pause });
  const [actors, reloadActors] = useReloadableQuery({ query: AuditActorsDocument, variables, pause });
  const [keys, reloadKeys] = useReloadableQuery({ query: AuditActorKeysDocument, variables, pause });

  const data = useMemo((): AuditPageData | undefined => {
    if (!entries.data || !actors.data || !keys.data) return undefined;
    const who = new Map(actors.data.auditLog.entries.map((e) => [e.id, e.actor]));
    const prefixes = new Map(keys.data.auditLog.entries.map((e) => [e.id, e.actor]));
    return {
      total: entries.data.auditLog.total,
      entries: entries.data.auditLog.entries.map((e) => {
        const a = who.get(e.id);
        const k = prefixes.get(e.id);
        return { ...e, actor: a && k ? { ...a, ...k } : null };
      }),
    };
  }, [entries.data, actors.data, keys.data]);

  const fetching = entries.fetching || actors.fetching || keys.fetching;
  const incomplete = !!data && data.entries.some((e) => !e.actor);
  const retried = useRef<string | null>(null);
  useEffect(() => {
    if (!incomplete || fetching || !data) return;
    const page = data.entries.map((e) => e.id).join(',');
    if (retried.current === page) return;
    retried.current = page;
    reloadActors();
    reloadKeys();
  }, [incomplete, fetching, data, reloadActors, reloadKeys]);

  const error: CombinedError | undefined = entries.error ?? actors.error ?? keys.error;
  const reload = () => {
    reloadEntries();
    reloadActors();
    reloadKeys();
  };
  // A failed part fails the page: "Try again" asks all three again.
  return [{ data: error ? undefined : data, fetching, error }, reload];
}
