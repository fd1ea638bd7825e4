import { isBuiltInPlatform } from '@app/rules';
import { Alert, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { AccountTexts } from '../../post-text/AccountTexts';
import { countFor } from '../../post-text/counts';
import { FirstCommentCard } from '../../post-text/FirstCommentCard';
import { TextCard } from '../../post-text/TextCard';
import { accountLabel, firstCommentProblem, overrideProblems, overridesToSend } from '../../post-text/texts';
import { formatDateTime } from '../../ui/format';
import { useRoleAllows, useTeamRole } from '../../session/team';
import { PageHeader } from '../../ui/PageHeader';
import { ProblemAlert } from '../../ui/ProblemAlert';
import { QueryResult } from '../../ui/QueryResult';
import { RoleNote } from '../../ui/RoleNote';
import { useReloadableQuery } from '../../ui/useReloadableQuery';
import { useSubmit } from '../../ui/useSubmit';
import { initialComposeValues } from './compose-form';
import { ComposeAddToQueueDocument, ComposeConnectionsDocument, ComposePostDocument } from './compose.documents';
import { AccountsCard } from './components/AccountsCard';
import { PostPreviews } from './components/PostPreviews';
import { ComposeActions, type SubmitMode } from './components/ComposeActions';
import { MediaCard } from './components/MediaCard';
import { PlatformSettingsCard } from './components/PlatformSettingsCard';
import { WarningAlert } from './components/WarningAlert';
import { WhenCard } from './components/WhenCard';
import { useMediaUploads } from './hooks/useMediaUploads';
import { useNextQueueSlot } from './hooks/useNextQueueSlot';
import { mediaProblemFor } from './platform-counts';
import { settingsProblems, settingsToSend } from './platform-settings';
import { altTextLimitFor, altTextProblem, altTextsToSend, missingAltTextWarning, previewFor } from './rich-post';

// A queued post's answer names no post type: the cached posts lists and queues are read again.
const QUEUED_POST = { additionalTypenames: ['PostGroup', 'Queue'] };

export default function ComposePage() {
  const [result, reload] = useReloadableQuery({ query: ComposeConnectionsDocument });
  const create = useSubmit(ComposePostDocument);
  const enqueue = useSubmit(ComposeAddToQueueDocument, QUEUED_POST);
  const navigate = useNavigate();
  const form = useForm({ initialValues: initialComposeValues() });
  const { content, accounts, when, settings, overrides, firstComment, altTexts } = form.values;
  const media = useMediaUploads();
  const nextSlot = useNextQueueSlot(accounts);
  const connections = useMemo(() => result.data?.connections ?? [], [result.data]);
  // A viewer may read but not write posts (docs/teams.md): the buttons say so instead of failing.
  const mayWrite = useRoleAllows('editor');
  const role = useTeamRole();

  const platforms = useMemo(
    // Counters for the spec's platforms; a plugin platform's rules are the service's to check.
    () => [...new Set(connections.filter((c) => accounts.includes(c.platformId)).map((c) => c.platform))].filter(isBuiltInPlatform),
    [connections, accounts],
  );
  const withMedia = media.attached.length > 0;
  const counts = useMemo(() => platforms.map((p) => countFor(p, content, withMedia)), [platforms, content, withMedia]);
  const tooLong = counts.filter((c) => c.over);
  const mediaProblems = withMedia ? platforms.map((p) => mediaProblemFor(p, media.attached)).filter((m): m is string => !!m) : [];
  const settingsProblemsFound = settingsProblems(settings, platforms);
  const chosen = useMemo(() => connections.filter((c) => accounts.includes(c.platformId)), [connections, accounts]);
  const chosenPlatforms = useMemo(() => [...new Set(chosen.map((c) => c.platform))], [chosen]);
  const overrideProblemsFound = overrideProblems(overrides, accounts);
  const commentProblem = firstCommentProblem(firstComment, chosenPlatforms);
  const altLimit = altTextLimitFor(platforms);
  const altTooLong = media.attached.some((u) => u.kind === 'image' && altTextProblem(altTexts[u.key] ?? '', platforms));
  const previews = chosen.map((account) =>
    previewFor(account, { content, overrides, uploads: media.attached, altTexts, firstComment, documentTitle: settings.linkedin.documentTitle }),
  );
  // An account with its own text is checked by that text; the counters above are the post's text.
  const tooLongOwn = chosen.filter(
    (c) => Object.hasOwn(overrides, c.platformId) && isBuiltInPlatform(c.platform) && countFor(c.platform, overrides[c.platformId], withMedia).over,
  );

  const onSubmit = async (mode: SubmitMode) => {
    const mediaIds = media.mediaIds;
    // No platformSettings key when nothing was changed: the request is then what it was before settings.
    const platformSettings = settingsToSend(settings, platforms);
    // Each new field only when used: a post without them sends what it sent before they existed.
    const contentOverrides = overridesToSend(overrides, accounts, content);
    const mediaAltTexts = altTextsToSend(media.attached, altTexts);
    const composed = {
      content,
      platforms: accounts,
      ...(mediaIds.length ? { mediaIds } : {}),
      ...(platformSettings ? { platformSettings } : {}),
      ...(contentOverrides ? { contentOverrides } : {}),
      ...(firstComment.trim() ? { firstComment } : {}),
      ...(mediaAltTexts ? { mediaAltTexts } : {}),
    };
    if (mode === 'queue') {
      create.setProblem(null);
      const queued = await enqueue.submit({ input: composed });
      if (!queued) return;
      notifications.show(
        queued.addToQueue.awaitingApproval
          ? { color: 'blue', title: 'Sent for approval', message: 'It takes the next free queue slot once the owner or an admin approves it.' }
          : { color: 'green', title: 'Added to the queue', message: `It goes out ${formatDateTime(queued.addToQueue.scheduledTime)}.` },
      );
      navigate('/posts');
      return;
    }
    enqueue.setProblem(null);
    const scheduledTime = mode === 'draft' ? null : mode === 'now' ? new Date().toISOString() : when;
    const data = await create.submit({ input: { ...composed, scheduledTime } });
    if (!data) return;
    const post = data.createPost;
    if (post.approval?.state === 'pending') {
      notifications.show({
        color: 'blue',
        title: 'Sent for approval',
        message: 'It stays a draft until the owner or an admin approves it; then it is scheduled as you asked.',
      });
      navigate('/posts');
      return;
    }
    notifications.show({
      color: 'green',
      title: post.status === 'draft' ? 'Draft saved' : 'Post scheduled',
      message: post.scheduledTime ? `It goes out ${formatDateTime(post.scheduledTime)}.` : 'Schedule it from the Posts page when it is ready.',
    });
    navigate('/posts');
  };

  return (
    <>
      <PageHeader
        title="Compose"
        description="Write once for every account you choose. Each platform’s counter uses that platform’s own way of counting; long posts on X and Threads become a reply chain."
      />
      <QueryResult result={result} loading="Loading your accounts" failed="Could not load your accounts" onRetry={reload}>
        {() =>
          connections.length === 0 ? (
            <Alert color="blue" role="note" title="Connect an account first" maw={720}>
              Posts go to connected accounts. <Link to="/connections">Connect one on the Connections page</Link>.
            </Alert>
          ) : (
            <Stack gap="lg" maw={960}>
              <AccountsCard connections={connections} {...form.getInputProps('accounts')} />
              <TextCard counts={counts} mastodon={platforms.includes('mastodon')} {...form.getInputProps('content')} />
              <AccountTexts
                accounts={chosen}
                content={content}
                overrides={overrides}
                withMedia={withMedia}
                problems={overrideProblemsFound}
                onChange={(next) => form.setFieldValue('overrides', next)}
              />
              <MediaCard
                uploads={media.uploads}
                onFiles={media.add}
                onRemove={(key) => {
                  media.remove(key);
                  form.setFieldValue('altTexts', Object.fromEntries(Object.entries(altTexts).filter(([k]) => k !== key)));
                }}
                problems={mediaProblems}
                alt={{
                  altTexts,
                  onAltText: (key, text) => form.setFieldValue('altTexts', { ...altTexts, [key]: text }),
                  limit: altLimit,
                  problemOf: (text) => altTextProblem(text, platforms),
                }}
                documentTitle={
                  platforms.includes('linkedin')
                    ? {
                        value: settings.linkedin.documentTitle,
                        onChange: (title) => form.setFieldValue('settings.linkedin.documentTitle', title),
                        error: settingsProblemsFound['settings.linkedin.documentTitle'] ?? null,
                      }
                    : null
                }
                missingAltText={missingAltTextWarning(media.attached, altTexts)}
              />
              <FirstCommentCard
                value={firstComment}
                onChange={(event) => form.setFieldValue('firstComment', event.currentTarget.value)}
                problem={commentProblem}
              />
              <PlatformSettingsCard platforms={platforms} form={form} problems={settingsProblemsFound} />
              <PostPreviews previews={previews} />
              <WhenCard value={when} onChange={(value) => form.setFieldValue('when', value)} />
              {tooLong.length > 0 && (
                <WarningAlert title="Too long for some platforms">Shorten the text for {tooLong.map((c) => c.label).join(', ')}.</WarningAlert>
              )}
              {tooLongOwn.length > 0 && (
                <WarningAlert title="An account’s own text is too long">Shorten the text for {tooLongOwn.map(accountLabel).join(', ')}.</WarningAlert>
              )}
              <ProblemAlert problem={create.problem ?? enqueue.problem} title="The post was not saved" />
              {!mayWrite && role && (
                <RoleNote role={role}>it may read posts but not save, schedule or publish them. The owner, an admin or an editor can.</RoleNote>
              )}
              <ComposeActions
                busy={create.busy || enqueue.busy}
                ready={
                  mayWrite &&
                  !!content.trim() &&
                  accounts.length > 0 &&
                  !media.uploading &&
                  Object.keys(settingsProblemsFound).length === 0 &&
                  Object.keys(overrideProblemsFound).length === 0 &&
                  !commentProblem &&
                  !altTooLong
                }
                scheduled={!!when}
                queue={nextSlot}
                onSubmit={onSubmit}
              />
            </Stack>
          )
        }
      </QueryResult>
    </>
  );
}
