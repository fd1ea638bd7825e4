import { Button, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useNavigate } from 'react-router';
import { useMutation } from 'urql';
import { useSession } from '../../../session/session';
import { ConfirmDestructive } from '../../../ui/ConfirmDestructive';
import { SectionCard } from '../../../ui/SectionCard';
import { LeaveAccountDocument } from '../team.documents';

/** A member ends their own membership; the session then acts in their own account again. */
export function LeaveAccount({ accountId, accountEmail, role }: { accountId: string; accountEmail: string; role: string }) {
  const [opened, { open, close }] = useDisclosure(false);
  const [, leave] = useMutation(LeaveAccountDocument);
  const { reload } = useSession();
  const navigate = useNavigate();
  return (
    <SectionCard titleId="leave-title" title="Leave this account">
      <Text size="sm" mb="sm">
        You work in {accountEmail}&apos;s account as {role}. Leaving ends that; your own account stays.
      </Text>
      <Button color="red" variant="light" onClick={open}>
        Leave this account
      </Button>
      <Modal opened={opened} onClose={close} title="Leave this account?">
        <ConfirmDestructive
          consequence={<>You can no longer see or change anything in {accountEmail}&apos;s account. To come back you need a new invitation.</>}
          keepLabel="Stay"
          confirmLabel="Leave"
          failureTitle="Could not leave the account"
          action={() => leave({ accountId })}
          onClose={close}
          onDone={() => {
            close();
            navigate('/', { replace: true });
            reload();
          }}
        />
      </Modal>
    </SectionCard>
  );
}
