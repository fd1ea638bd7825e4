import { Alert, Button, Code, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { useMutation } from 'urql';
import { errorMessage } from '../../../api/client';
import { useRoleAllows } from '../../../session/team';
import { CopyValueButton } from '../../../ui/CopyValueButton';
import { formatDateTime } from '../../../ui/format';
import { ProblemAlert } from '../../../ui/ProblemAlert';
import { QueryResult } from '../../../ui/QueryResult';
import { useReloadableQuery } from '../../../ui/useReloadableQuery';
import { useSubmit } from '../../../ui/useSubmit';
import { DEFAULT_REVIEW_LINK_EXPIRY, decisionWords, REVIEW_LINK_EXPIRY, reviewLinkState, type ReviewLink } from '../review-links';
import { CreateReviewLinkDocument, ReviewLinksDocument, RevokeReviewLinkDocument } from '../review-links.documents';

/** The link just made: its URL, shown this once, with a copy button. The focus moves here. */
function CreatedLink({ url, expiresAt, onDone }: { url: string; expiresAt: string; onDone: () => void }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), [url]);
  return (
    <Alert
      ref={box}
      tabIndex={-1}
      color="green"
      role="region"
      aria-labelledby="created-review-link-title"
      // Mantine's light green title is below 4.5:1 on its own background.
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
      title={<span id="created-review-link-title">New review link</span>}
    >
      <Stack gap="sm">
        <Text size="sm">
          Anyone with this link can see the post and approve it or comment until {formatDateTime(expiresAt)}. This is the only time it is shown: copy it now
          (the service keeps only its fingerprint).
        </Text>
        <Code block aria-label="Review link" tabIndex={0} style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {url}
        </Code>
        <Group justify="space-between">
          <CopyValueButton value={url} label="Copy link" variant="light" copiedColor="teal.9" />
          <Button variant="default" onClick={onDone}>
            Done
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** "Revoke link", then the consequence and the choice, in place (the detail is itself a dialog). */
function RevokeLink({ link, onRevoked }: { link: ReviewLink; onRevoked: () => void }) {
  const [{ fetching }, revoke] = useMutation(RevokeReviewLinkDocument);
  const [confirming, setConfirming] = useState(false);
  const created = formatDateTime(link.createdAt);
  if (!confirming) {
    return (
      <Button size="xs" variant="light" color="red" onClick={() => setConfirming(true)} aria-label={`Revoke link created ${created}`}>
        Revoke link
      </Button>
    );
  }
  return (
    <Stack gap={4} role="group" aria-label={`Confirm revoking the link created ${created}`}>
      <Text size="xs">Revoke this link? Its page stops working at once for anyone who has it. This cannot be undone.</Text>
      <Group gap="xs">
        <Button
          size="xs"
          color="red"
          loading={fetching}
          onClick={async () => {
            const result = await revoke({ id: link.id });
            if (result.error) {
              notifications.show({ color: 'red', title: 'Not revoked', message: errorMessage(result.error) });
              return;
            }
            notifications.show({ color: 'green', message: 'The review link no longer works.' });
            onRevoked();
          }}
        >
          Revoke
        </Button>
        <Button size="xs" variant="default" onClick={() => setConfirming(false)}>
          Keep it
        </Button>
      </Group>
    </Stack>
  );
}

function LinkItem({ link, mayEdit, onRevoked }: { link: ReviewLink; mayEdit: boolean; onRevoked: () => void }) {
  return (
    <Paper component="li" withBorder p="sm" aria-label={`Review link created ${formatDateTime(link.createdAt)}`}>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={2}>
          <Text size="sm" fw={500}>
            Created {formatDateTime(link.createdAt)}
          </Text>
          <Text size="sm">{reviewLinkState(link)}</Text>
        </Stack>
        {mayEdit && link.active && <RevokeLink link={link} onRevoked={onRevoked} />}
      </Group>
      {link.decisions.length === 0 ? (
        <Text size="sm" c="dimmed" mt="xs">
          No one has answered through it yet.
        </Text>
      ) : (
        <Stack component="ul" role="list" aria-label="What reviewers said" gap={4} mt="xs" mb={0} pl="md">
          {link.decisions.map((d, i) => (
            <Text component="li" size="sm" key={`${d.at}-${i}`}>
              {decisionWords(d)}{' '}
              <Text span size="xs" c="dimmed">
                ({formatDateTime(d.at)})
              </Text>
            </Text>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

/**
 * A post's review links (docs/teams.md): for someone outside the team to see the post and approve
 * it or comment. Editors and above make them (the URL shown once) and revoke them; viewers read the
 * list and what reviewers said.
 */
export function ReviewLinks({ postGroupId }: { postGroupId: string }) {
  const mayEdit = useRoleAllows('editor');
  const [result, reload] = useReloadableQuery({ query: ReviewLinksDocument, variables: { postGroupId } });
  const { busy, problem, submit } = useSubmit(CreateReviewLinkDocument);
  const [created, setCreated] = useState<{ url: string; expiresAt: string } | null>(null);
  const form = useForm({ initialValues: { expiresInHours: DEFAULT_REVIEW_LINK_EXPIRY } });
  // A revoked link loses its button, and "Done" removes the new link's box: the focus goes to the heading.
  const heading = useRef<HTMLHeadingElement>(null);

  const onCreate = form.onSubmit(async ({ expiresInHours }) => {
    const done = await submit({ postGroupId, expiresInHours: Number(expiresInHours) });
    if (!done) return;
    setCreated({ url: done.createReviewLink.url, expiresAt: done.createReviewLink.reviewLink.expiresAt });
    reload();
  });

  return (
    <Stack component="section" aria-labelledby="review-links-title" gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h5" id="review-links-title" ref={heading} tabIndex={-1}>
          Review links
        </Title>
        <Button size="xs" variant="default" onClick={reload} aria-label="Refresh review links">
          Refresh
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        Someone outside the team opens a link to see this post as each network will show it, and approves it or comments, without an account. Their approval
        does not schedule the post.
      </Text>
      {mayEdit ? (
        <form onSubmit={onCreate} aria-label="Create a review link">
          <Group align="flex-end" wrap="wrap">
            <NativeSelect label="Link works for" data={REVIEW_LINK_EXPIRY} {...form.getInputProps('expiresInHours')} />
            <Button type="submit" variant="light" loading={busy}>
              Create review link
            </Button>
          </Group>
          <ProblemAlert problem={problem} title="No link made" mt="sm" />
        </form>
      ) : (
        <Text size="sm">Editors, admins and the owner make and revoke review links.</Text>
      )}
      {created && (
        <CreatedLink
          url={created.url}
          expiresAt={created.expiresAt}
          onDone={() => {
            setCreated(null);
            heading.current?.focus();
          }}
        />
      )}
      <QueryResult result={result} loading="Loading review links" failed="Could not load the review links" onRetry={reload}>
        {({ reviewLinks }) =>
          reviewLinks.length === 0 ? (
            <Text size="sm" c="dimmed">
              No review links yet.
            </Text>
          ) : (
            <Stack component="ul" role="list" aria-label="Review links of this post" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
              {reviewLinks.map((link) => (
                <LinkItem
                  key={link.id}
                  link={link}
                  mayEdit={mayEdit}
                  onRevoked={() => {
                    heading.current?.focus();
                    reload();
                  }}
                />
              ))}
            </Stack>
          )
        }
      </QueryResult>
    </Stack>
  );
}
