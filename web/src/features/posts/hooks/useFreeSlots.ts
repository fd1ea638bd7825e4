import { useEffect, useState } from 'react';
import { useClient, useQuery } from 'urql';
import { CalendarConnectionsDocument, CalendarFreeSlotsDocument } from '../posts.documents';

/** A free queue slot of one account: when a post added to its queue would go out. */
export interface FreeSlot {
  at: string;
  platformId: string;
  account: string;
}

/**
 * The next free queue slots of each of the person's accounts (up to 20 each), while `active` (the
 * week calendar). One query per account, since slots shared by several are not what a day shows;
 * asked again whenever `posts` (the calendar's answer) changes, as a post moved or deleted frees
 * or takes a slot. An account whose slots cannot be read shows none.
 */
export function useFreeSlots(active: boolean, posts: unknown): FreeSlot[] {
  const client = useClient();
  const [{ data }] = useQuery({ query: CalendarConnectionsDocument, pause: !active });
  const connections = data?.connections;
  const [slots, setSlots] = useState<FreeSlot[]>([]);
  useEffect(() => {
    if (!active || !connections) return;
    let current = true;
    Promise.all(
      connections.map(async (c) => {
        const result = await client.query(CalendarFreeSlotsDocument, { platformIds: [c.platformId] }, { requestPolicy: 'network-only' }).toPromise();
        return (result.data?.nextQueueSlots ?? []).map((at) => ({ at, platformId: c.platformId, account: c.displayName ?? c.username }));
      }),
    ).then((lists) => {
      if (current) setSlots(lists.flat());
    });
    return () => {
      current = false;
    };
  }, [active, connections, client, posts]);
  return active ? slots : [];
}
