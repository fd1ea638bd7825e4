import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useClient } from 'urql';
import { errorMessage } from '../../../api/client';
import { ConnectOutcomeDocument } from '../connections.documents';

/**
 * The outcome of an authorization page, as the callback reports it in the address (`?connected=`,
 * `?error=&message=&sig=`), shown as a notification; the address is then cleared and `onOutcome`
 * reads the connections again. Anyone can write an address: the server says what may be shown
 * (its own signed words, or fixed ones).
 */
export function useConnectOutcome(onOutcome: () => void): void {
  const [params, setParams] = useSearchParams();
  const client = useClient();
  useEffect(() => {
    const connected = params.get('connected');
    const failed = params.get('error');
    if (!connected && !failed) return;
    const variables = { connected, error: failed, message: params.get('message'), sig: params.get('sig') };
    void client
      .query(ConnectOutcomeDocument, variables, { requestPolicy: 'network-only' })
      .toPromise()
      .then(({ data, error }) => {
        const outcome = data?.connectOutcome;
        if (outcome?.connected) notifications.show({ color: 'green', title: 'Account connected', message: outcome.message });
        else if (outcome || (error && failed)) {
          notifications.show({ color: 'red', title: 'The account was not connected', message: outcome?.message ?? errorMessage(error!), autoClose: false });
        }
      });
    setParams({}, { replace: true });
    onOutcome();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [params]);
}
