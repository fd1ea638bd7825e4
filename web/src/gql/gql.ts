/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  query AdminUsers($page: Int, $limit: Int, $search: String, $plan: String) {\n    adminUsers(page: $page, limit: $limit, search: $search, plan: $plan) {\n      page\n      limit\n      total\n      items {\n        id\n        email\n        plan\n        isAdmin\n        parentUserId\n        workspacesEnabled\n        apiAccess\n        mcpAccess\n        apiAccessOverride\n        mcpAccessOverride\n        seats\n        createdAt\n      }\n    }\n  }\n": typeof types.AdminUsersDocument,
    "\n  mutation AdminCreateUser($input: AdminCreateUserInput!) {\n    adminCreateUser(input: $input) {\n      id\n      email\n    }\n  }\n": typeof types.AdminCreateUserDocument,
    "\n  mutation AdminUpdateUser($id: ID!, $input: AdminUpdateUserInput!) {\n    adminUpdateUser(id: $id, input: $input) {\n      id\n      email\n      plan\n      isAdmin\n      workspacesEnabled\n      apiAccess\n      mcpAccess\n      apiAccessOverride\n      mcpAccessOverride\n      seats\n    }\n  }\n": typeof types.AdminUpdateUserDocument,
    "\n  query AnalyticsConnections {\n    connections {\n      id\n      platform\n      platformId\n      username\n      displayName\n    }\n  }\n": typeof types.AnalyticsConnectionsDocument,
    "\n  query AccountAnalytics($platformId: String!, $from: String!) {\n    accountMetrics(platformId: $platformId, from: $from) {\n      platformId\n      collection\n      lastError {\n        message\n      }\n      days {\n        date\n        takenAt\n        values {\n          name\n          value\n        }\n      }\n    }\n    dailyEngagement(platformId: $platformId, from: $from) {\n      platformId\n      days {\n        date\n        posts\n        engagement\n      }\n    }\n  }\n": typeof types.AccountAnalyticsDocument,
    "\n  query AnalyticsTopPosts($platformId: String!, $from: String!, $metric: String!) {\n    topPosts(platformId: $platformId, from: $from, metric: $metric, limit: 20) {\n      metric\n      posts {\n        postId\n        postGroupId\n        platform\n        publishedUrl\n        publishedAt\n        value\n        latest {\n          takenAt\n          values {\n            name\n            value\n          }\n        }\n      }\n    }\n  }\n": typeof types.AnalyticsTopPostsDocument,
    "\n  query AnalyticsBestTimes($platformId: String, $timeZone: String!, $from: String) {\n    bestTimes(platformId: $platformId, timeZone: $timeZone, from: $from) {\n      timeZone\n      posts\n      enough\n      message\n      cells {\n        weekday\n        hour\n        posts\n        averageEngagement\n      }\n    }\n  }\n": typeof types.AnalyticsBestTimesDocument,
    "\n  query ApiKeys {\n    apiKeys {\n      id\n      name\n      keyPrefix\n      createdAt\n      lastUsedAt\n    }\n  }\n": typeof types.ApiKeysDocument,
    "\n  mutation CreateApiKey($name: String) {\n    createApiKey(name: $name) {\n      id\n      name\n      keyPrefix\n      rawKey\n    }\n  }\n": typeof types.CreateApiKeyDocument,
    "\n  mutation RenameApiKey($id: ID!, $name: String!) {\n    renameApiKey(id: $id, name: $name) {\n      id\n      name\n    }\n  }\n": typeof types.RenameApiKeyDocument,
    "\n  mutation RevokeApiKey($id: ID!) {\n    revokeApiKey(id: $id)\n  }\n": typeof types.RevokeApiKeyDocument,
    "\n  query PostsAwaitingApproval {\n    postsAwaitingApproval {\n      id\n      content\n      platforms\n      approval {\n        requestedByEmail\n        scheduledTime\n        queue\n      }\n    }\n  }\n": typeof types.PostsAwaitingApprovalDocument,
    "\n  mutation ApprovePost($id: ID!) {\n    approvePost(id: $id) {\n      id\n      status\n      scheduledTime\n      approval {\n        state\n      }\n    }\n  }\n": typeof types.ApprovePostDocument,
    "\n  mutation RejectPost($id: ID!, $comment: String) {\n    rejectPost(id: $id, comment: $comment) {\n      id\n      status\n      approval {\n        state\n        comment\n      }\n    }\n  }\n": typeof types.RejectPostDocument,
    "\n  query AuditEntries($page: Int, $limit: Int, $action: String, $actorType: String, $from: DateTime, $to: DateTime) {\n    auditLog(page: $page, limit: $limit, action: $action, actorType: $actorType, from: $from, to: $to) {\n      total\n      entries {\n        id\n        at\n        action\n        target\n        details\n      }\n    }\n  }\n": typeof types.AuditEntriesDocument,
    "\n  query AuditActors($page: Int, $limit: Int, $action: String, $actorType: String, $from: DateTime, $to: DateTime) {\n    auditLog(page: $page, limit: $limit, action: $action, actorType: $actorType, from: $from, to: $to) {\n      entries {\n        id\n        actor {\n          type\n          email\n          role\n        }\n      }\n    }\n  }\n": typeof types.AuditActorsDocument,
    "\n  query AuditActorKeys($page: Int, $limit: Int, $action: String, $actorType: String, $from: DateTime, $to: DateTime) {\n    auditLog(page: $page, limit: $limit, action: $action, actorType: $actorType, from: $from, to: $to) {\n      entries {\n        id\n        actor {\n          keyPrefix\n          name\n        }\n      }\n    }\n  }\n": typeof types.AuditActorKeysDocument,
    "\n  query ComposeConnections {\n    connections {\n      id\n      platform\n      platformId\n      username\n      displayName\n    }\n  }\n": typeof types.ComposeConnectionsDocument,
    "\n  mutation ComposeUploadUrl($input: CreateUploadUrlInput!) {\n    createUploadUrl(input: $input) {\n      uploadUrl\n      mediaId\n    }\n  }\n": typeof types.ComposeUploadUrlDocument,
    "\n  mutation ComposePost($input: CreatePostInput!) {\n    createPost(input: $input) {\n      id\n      status\n      scheduledTime\n      approval {\n        state\n      }\n    }\n  }\n": typeof types.ComposePostDocument,
    "\n  query ComposeNextSlot($platformIds: [String!]!) {\n    nextQueueSlots(platformIds: $platformIds, count: 1)\n  }\n": typeof types.ComposeNextSlotDocument,
    "\n  mutation ComposeAddToQueue($input: AddToQueueInput!) {\n    addToQueue(input: $input) {\n      postGroupId\n      scheduledTime\n      awaitingApproval\n    }\n  }\n": typeof types.ComposeAddToQueueDocument,
    "\n  query ConnectionsPage {\n    connections {\n      id\n      platform\n      platformId\n      username\n      displayName\n      tokenStatus\n      tokenExpiresIn\n      lastSuccessfulPost\n      lastError {\n        message\n        occurredAt\n      }\n      health\n      healthReason\n      reauthRequiredAt\n      missingPermission\n      instanceUrl\n      type\n    }\n    connectablePlatforms {\n      platform\n      method\n      configured\n      label\n      via\n      fields {\n        name\n        label\n        type\n        required\n        placeholder\n      }\n    }\n  }\n": typeof types.ConnectionsPageDocument,
    "\n  query ConnectOutcome($connected: String, $error: String, $message: String, $sig: String) {\n    connectOutcome(connected: $connected, error: $error, message: $message, sig: $sig) {\n      connected\n      message\n    }\n  }\n": typeof types.ConnectOutcomeDocument,
    "\n  mutation StartConnection($input: StartConnectionInput!) {\n    startConnection(input: $input) {\n      authorizeUrl\n    }\n  }\n": typeof types.StartConnectionDocument,
    "\n  mutation ConnectWithCredentials($input: ConnectCredentialsInput!) {\n    connectWithCredentials(input: $input) {\n      platformId\n    }\n  }\n": typeof types.ConnectWithCredentialsDocument,
    "\n  query PendingConnection($id: ID!) {\n    pendingConnection(id: $id) {\n      id\n      platform\n      accounts {\n        externalId\n        username\n        displayName\n        kind\n      }\n    }\n  }\n": typeof types.PendingConnectionDocument,
    "\n  mutation CompleteConnection($id: ID!, $externalIds: [String!]!) {\n    completeConnection(id: $id, externalIds: $externalIds) {\n      platformId\n    }\n  }\n": typeof types.CompleteConnectionDocument,
    "\n  mutation TestConnection($platformId: String!) {\n    testConnection(platformId: $platformId) {\n      status\n      message\n    }\n  }\n": typeof types.TestConnectionDocument,
    "\n  mutation DisconnectConnection($platformId: String!) {\n    disconnectConnection(platformId: $platformId)\n  }\n": typeof types.DisconnectConnectionDocument,
    "\n  query ImportConnections {\n    connections {\n      id\n      platform\n      platformId\n      username\n      displayName\n    }\n    requireApproval\n  }\n": typeof types.ImportConnectionsDocument,
    "\n  mutation ValidateImport($input: BulkPostsInput!) {\n    validateBulkPosts(input: $input) {\n      total\n      accepted\n      refused\n      valid\n      results {\n        row\n        success\n        valid\n        httpStatus\n        error\n        status\n        scheduledTime\n        platforms {\n          platformId\n          platform\n          ok\n          problems\n          warnings\n        }\n      }\n    }\n  }\n": typeof types.ValidateImportDocument,
    "\n  mutation ImportPosts($input: BulkPostsInput!, $idempotencyKey: String) {\n    bulkCreatePosts(input: $input, idempotencyKey: $idempotencyKey) {\n      total\n      created\n      failed\n      results {\n        row\n        success\n        postGroupId\n        status\n        scheduledTime\n        httpStatus\n        error\n      }\n    }\n  }\n": typeof types.ImportPostsDocument,
    "\n  query OverviewUsage {\n    usage {\n      planName\n      periodEnd\n      monthlyPosts {\n        limit\n        scope\n        used\n        remaining\n        byConnection {\n          platformId\n          used\n          remaining\n        }\n      }\n      scheduledPosts {\n        limit\n        used\n        remaining\n      }\n      connections {\n        limit\n        used\n        remaining\n      }\n      scheduleHorizonDays\n      platforms\n    }\n  }\n": typeof types.OverviewUsageDocument,
    "\n  query PostMetrics($id: ID!) {\n    postMetrics(id: $id) {\n      postGroupId\n      posts {\n        postId\n        platform\n        platformId\n        collection\n        nextCollectionAt\n        endedBecause\n        lastError {\n          message\n        }\n        latest {\n          takenAt\n          values {\n            name\n            value\n          }\n        }\n        series {\n          takenAt\n          values {\n            name\n            value\n          }\n        }\n      }\n    }\n  }\n": typeof types.PostMetricsDocument,
    "\n  query PostsPage($filter: PostsFilter, $page: Int, $limit: Int) {\n    posts(filter: $filter, page: $page, limit: $limit) {\n      totalItems\n      totalPages\n      page\n      items {\n        id\n        content\n        status\n        scheduledTime\n        createdAt\n        platforms\n        approval {\n          state\n          comment\n        }\n      }\n    }\n  }\n": typeof types.PostsPageDocument,
    "\n  query CalendarPosts($filter: PostsFilter) {\n    posts(filter: $filter, page: 1, limit: 100) {\n      items {\n        id\n        content\n        status\n        scheduledTime\n        fromQueue\n      }\n    }\n  }\n": typeof types.CalendarPostsDocument,
    "\n  query CalendarConnections {\n    connections {\n      id\n      platform\n      platformId\n      username\n      displayName\n    }\n  }\n": typeof types.CalendarConnectionsDocument,
    "\n  query CalendarFreeSlots($platformIds: [String!]!) {\n    nextQueueSlots(platformIds: $platformIds, count: 20)\n  }\n": typeof types.CalendarFreeSlotsDocument,
    "\n  query PostDetail($id: ID!) {\n    post(id: $id) {\n      id\n      content\n      status\n      processingStatus\n      scheduledTime\n      createdAt\n      firstComment\n      approval {\n        state\n        comment\n        requestedByEmail\n        scheduledTime\n        queue\n        decidedByEmail\n        decidedAt\n      }\n      media {\n        id\n      }\n      platformPosts {\n        id\n        platform\n        platformId\n        status\n        attemptCount\n        publishedUrl\n        error {\n          code\n          message\n          retryable\n        }\n        errorCategory\n        errorHint\n        canUnpublish\n        unpublishedAt\n        unpublishError {\n          message\n          hint\n        }\n        content\n        contentOverridden\n        firstComment {\n          content\n          status\n          publishedUrl\n          error {\n            code\n            message\n            hint\n          }\n        }\n      }\n      logs {\n        id\n        event\n        platform\n        error\n        createdAt\n      }\n    }\n  }\n": typeof types.PostDetailDocument,
    "\n  mutation ReschedulePost($id: ID!, $input: UpdatePostInput!) {\n    updatePost(id: $id, input: $input) {\n      id\n      status\n      scheduledTime\n    }\n  }\n": typeof types.ReschedulePostDocument,
    "\n  query EditTextsAccounts {\n    connections {\n      id\n      platform\n      platformId\n      username\n      displayName\n    }\n  }\n": typeof types.EditTextsAccountsDocument,
    "\n  mutation EditPostTexts($id: ID!, $input: UpdatePostInput!) {\n    updatePost(id: $id, input: $input) {\n      id\n      status\n      content\n      firstComment\n    }\n  }\n": typeof types.EditPostTextsDocument,
    "\n  mutation RetryPost($id: ID!, $platformIds: [String!], $force: Boolean) {\n    retryPost(id: $id, platformIds: $platformIds, force: $force) {\n      postGroupId\n      warning\n      retried {\n        platformId\n        forced\n      }\n    }\n  }\n": typeof types.RetryPostDocument,
    "\n  mutation UnpublishPost($id: ID!, $platformIds: [String!]) {\n    unpublishPost(id: $id, platformIds: $platformIds) {\n      postGroupId\n      results {\n        platformId\n        status\n        error {\n          message\n          hint\n        }\n      }\n    }\n  }\n": typeof types.UnpublishPostDocument,
    "\n  mutation DeletePost($id: ID!) {\n    deletePost(id: $id)\n  }\n": typeof types.DeletePostDocument,
    "\n  query FilterPlatforms {\n    connectablePlatforms {\n      platform\n    }\n  }\n": typeof types.FilterPlatformsDocument,
    "\n  query ReviewLinks($postGroupId: ID!) {\n    reviewLinks(postGroupId: $postGroupId) {\n      id\n      createdAt\n      expiresAt\n      revokedAt\n      active\n      decisions {\n        at\n        decision\n        comment\n        name\n      }\n    }\n  }\n": typeof types.ReviewLinksDocument,
    "\n  mutation CreateReviewLink($postGroupId: ID!, $expiresInHours: Int) {\n    createReviewLink(postGroupId: $postGroupId, expiresInHours: $expiresInHours) {\n      url\n      reviewLink {\n        id\n        expiresAt\n      }\n    }\n  }\n": typeof types.CreateReviewLinkDocument,
    "\n  mutation RevokeReviewLink($id: ID!) {\n    revokeReviewLink(id: $id)\n  }\n": typeof types.RevokeReviewLinkDocument,
    "\n  query QueueConnections {\n    connections {\n      id\n      platform\n      platformId\n      username\n      displayName\n    }\n  }\n": typeof types.QueueConnectionsDocument,
    "\n  query QueueSchedule($platformId: String!) {\n    queueSchedule(platformId: $platformId) {\n      platformId\n      configured\n      timeZone\n      paused\n      slots {\n        weekday\n        time\n      }\n    }\n  }\n": typeof types.QueueScheduleDocument,
    "\n  mutation SetQueueSchedule($platformId: String!, $input: QueueScheduleInput!) {\n    setQueueSchedule(platformId: $platformId, input: $input) {\n      platformId\n      configured\n      timeZone\n      paused\n      slots {\n        weekday\n        time\n      }\n    }\n  }\n": typeof types.SetQueueScheduleDocument,
    "\n  query NextQueueSlots($platformIds: [String!]!, $count: Int) {\n    nextQueueSlots(platformIds: $platformIds, count: $count)\n  }\n": typeof types.NextQueueSlotsDocument,
    "\n  query Queue($platformId: String!) {\n    queue(platformId: $platformId) {\n      platformId\n      posts {\n        id\n        content\n        status\n        scheduledTime\n        queuedFor\n        platformIds\n      }\n    }\n  }\n": typeof types.QueueDocument,
    "\n  mutation ReorderQueue($platformId: String!, $order: String!) {\n    reorderQueue(platformId: $platformId, order: $order) {\n      platformId\n      posts {\n        id\n        content\n        status\n        scheduledTime\n        queuedFor\n        platformIds\n      }\n    }\n  }\n": typeof types.ReorderQueueDocument,
    "\n  mutation MoveInQueue($platformId: String!, $postGroupId: String!, $direction: String!) {\n    moveInQueue(platformId: $platformId, postGroupId: $postGroupId, direction: $direction) {\n      platformId\n      posts {\n        id\n        content\n        status\n        scheduledTime\n        queuedFor\n        platformIds\n      }\n    }\n  }\n": typeof types.MoveInQueueDocument,
    "\n  query QueueBestTimes($platformId: String!, $timeZone: String!) {\n    bestTimes(platformId: $platformId, timeZone: $timeZone) {\n      timeZone\n      enough\n      cells {\n        weekday\n        hour\n        posts\n        averageEngagement\n      }\n    }\n  }\n": typeof types.QueueBestTimesDocument,
    "\n  mutation UpdateProfile($input: UpdateProfileInput!) {\n    updateProfile(input: $input) {\n      id\n      email\n    }\n  }\n": typeof types.UpdateProfileDocument,
    "\n  mutation ChangePassword($currentPassword: String!, $newPassword: String!) {\n    changePassword(currentPassword: $currentPassword, newPassword: $newPassword)\n  }\n": typeof types.ChangePasswordDocument,
    "\n  query Sessions {\n    sessions {\n      id\n      createdAt\n      expiresAt\n      current\n    }\n  }\n": typeof types.SessionsDocument,
    "\n  mutation RevokeSession($id: ID!) {\n    revokeSession(id: $id)\n  }\n": typeof types.RevokeSessionDocument,
    "\n  query TeamMembers {\n    teamMembers {\n      userId\n      email\n      displayName\n      role\n      since\n    }\n    requireApproval\n  }\n": typeof types.TeamMembersDocument,
    "\n  query TeamInvites {\n    teamInvites {\n      id\n      email\n      role\n      expiresAt\n      createdAt\n      invitedByEmail\n    }\n  }\n": typeof types.TeamInvitesDocument,
    "\n  mutation InviteMember($email: String!, $role: String!) {\n    inviteMember(email: $email, role: $role) {\n      invite {\n        id\n        email\n        role\n        expiresAt\n      }\n      link\n      emailed\n    }\n  }\n": typeof types.InviteMemberDocument,
    "\n  mutation RevokeTeamInvite($id: ID!) {\n    revokeTeamInvite(id: $id)\n  }\n": typeof types.RevokeTeamInviteDocument,
    "\n  mutation ChangeMemberRole($userId: ID!, $role: String!) {\n    changeMemberRole(userId: $userId, role: $role) {\n      userId\n      role\n    }\n  }\n": typeof types.ChangeMemberRoleDocument,
    "\n  mutation RemoveMember($userId: ID!) {\n    removeMember(userId: $userId)\n  }\n": typeof types.RemoveMemberDocument,
    "\n  mutation SetRequireApproval($requireApproval: Boolean!) {\n    setRequireApproval(requireApproval: $requireApproval)\n  }\n": typeof types.SetRequireApprovalDocument,
    "\n  mutation LeaveAccount($accountId: ID!) {\n    leaveAccount(accountId: $accountId)\n  }\n": typeof types.LeaveAccountDocument,
    "\n  query Webhooks {\n    webhooks {\n      id\n      name\n      url\n      events\n      isActive\n      failureCount\n      lastTriggeredAt\n    }\n  }\n": typeof types.WebhooksDocument,
    "\n  mutation CreateWebhook($input: CreateWebhookInput!) {\n    createWebhook(input: $input) {\n      id\n      name\n      secret\n    }\n  }\n": typeof types.CreateWebhookDocument,
    "\n  mutation UpdateWebhook($id: ID!, $input: UpdateWebhookInput!) {\n    updateWebhook(id: $id, input: $input) {\n      id\n      name\n      url\n      events\n      isActive\n      failureCount\n    }\n  }\n": typeof types.UpdateWebhookDocument,
    "\n  mutation DeleteWebhook($id: ID!) {\n    deleteWebhook(id: $id)\n  }\n": typeof types.DeleteWebhookDocument,
    "\n  mutation RegenerateWebhookSecret($id: ID!) {\n    regenerateWebhookSecret(id: $id) {\n      id\n      secret\n    }\n  }\n": typeof types.RegenerateWebhookSecretDocument,
    "\n  query WebhookDeliveries($webhookId: ID!, $page: Int) {\n    webhookDeliveries(webhookId: $webhookId, page: $page, limit: 10) {\n      totalItems\n      totalPages\n      page\n      items {\n        id\n        event\n        status\n        attemptCount\n        lastStatusCode\n        lastError\n        createdAt\n        deliveredAt\n      }\n    }\n  }\n": typeof types.WebhookDeliveriesDocument,
    "\n  mutation SendTestWebhook($id: ID!) {\n    sendTestWebhook(id: $id) {\n      id\n      status\n    }\n  }\n": typeof types.SendTestWebhookDocument,
    "\n  mutation RedeliverWebhook($deliveryId: ID!) {\n    redeliverWebhook(deliveryId: $deliveryId) {\n      id\n      status\n    }\n  }\n": typeof types.RedeliverWebhookDocument,
    "\n  query WorkspaceUsers {\n    workspaceUsers {\n      id\n      username\n      displayName\n      connectionsPageUrl\n      connectionsPageTokenExpiresAt\n    }\n  }\n": typeof types.WorkspaceUsersDocument,
    "\n  mutation CreateWorkspaceUser($input: CreateManagedUserInput!) {\n    createWorkspaceUser(input: $input) {\n      id\n      username\n    }\n  }\n": typeof types.CreateWorkspaceUserDocument,
    "\n  mutation CreateWorkspaceConnectionLink($userId: ID!, $input: ConnectionLinkInput) {\n    createWorkspaceConnectionLink(userId: $userId, input: $input) {\n      url\n      tokenExpiresAt\n    }\n  }\n": typeof types.CreateWorkspaceConnectionLinkDocument,
    "\n  mutation CreateWorkspaceUserApiKey($userId: ID!) {\n    createWorkspaceUserApiKey(userId: $userId) {\n      apiKey\n    }\n  }\n": typeof types.CreateWorkspaceUserApiKeyDocument,
    "\n  mutation DetachWorkspaceUser($userId: ID!) {\n    detachWorkspaceUser(userId: $userId)\n  }\n": typeof types.DetachWorkspaceUserDocument,
    "\n  query Me {\n    me {\n      id\n      email\n      plan\n      isAdmin\n      parentUserId\n      workspacesEnabled\n      apiAccess\n      mcpAccess\n      seats\n    }\n  }\n": typeof types.MeDocument,
    "\n  query TeamContext {\n    teamContext {\n      personId\n      personEmail\n      accountId\n      accountEmail\n      role\n      accounts {\n        accountId\n        email\n        displayName\n        role\n        current\n      }\n    }\n  }\n": typeof types.TeamContextDocument,
    "\n  mutation SwitchAccount($accountId: ID!) {\n    switchAccount(accountId: $accountId) {\n      accountId\n      current\n    }\n  }\n": typeof types.SwitchAccountDocument,
    "\n  query ApprovalsBadge {\n    requireApproval\n    postsAwaitingApproval {\n      id\n    }\n  }\n": typeof types.ApprovalsBadgeDocument,
};
const documents: Documents = {
    "\n  query AdminUsers($page: Int, $limit: Int, $search: String, $plan: String) {\n    adminUsers(page: $page, limit: $limit, search: $search, plan: $plan) {\n      page\n      limit\n      total\n      items {\n        id\n        email\n        plan\n        isAdmin\n        parentUserId\n        workspacesEnabled\n        apiAccess\n        mcpAccess\n        apiAccessOverride\n        mcpAccessOverride\n        seats\n        createdAt\n      }\n    }\n  }\n": types.AdminUsersDocument,
    "\n  mutation AdminCreateUser($input: AdminCreateUserInput!) {\n    adminCreateUser(input: $input) {\n      id\n      email\n    }\n  }\n": types.AdminCreateUserDocument,
    "\n  mutation AdminUpdateUser($id: ID!, $input: AdminUpdateUserInput!) {\n    adminUpdateUser(id: $id, input: $input) {\n      id\n      email\n      plan\n      isAdmin\n      workspacesEnabled\n      apiAccess\n      mcpAccess\n      apiAccessOverride\n      mcpAccessOverride\n      seats\n    }\n  }\n": types.AdminUpdateUserDocument,
    "\n  query AnalyticsConnections {\n    connections {\n      id\n      platform\n      platformId\n      username\n      displayName\n    }\n  }\n": types.AnalyticsConnectionsDocument,
    "\n  query AccountAnalytics($platformId: String!, $from: String!) {\n    accountMetrics(platformId: $platformId, from: $from) {\n      platformId\n      collection\n      lastError {\n        message\n      }\n      days {\n        date\n        takenAt\n        values {\n          name\n          value\n        }\n      }\n    }\n    dailyEngagement(platformId: $platformId, from: $from) {\n      platformId\n      days {\n        date\n        posts\n        engagement\n      }\n    }\n  }\n": types.AccountAnalyticsDocument,
    "\n  query AnalyticsTopPosts($platformId: String!, $from: String!, $metric: String!) {\n    topPosts(platformId: $platformId, from: $from, metric: $metric, limit: 20) {\n      metric\n      posts {\n        postId\n        postGroupId\n        platform\n        publishedUrl\n        publishedAt\n        value\n        latest {\n          takenAt\n          values {\n            name\n            value\n          }\n        }\n      }\n    }\n  }\n": types.AnalyticsTopPostsDocument,
    "\n  query AnalyticsBestTimes($platformId: String, $timeZone: String!, $from: String) {\n    bestTimes(platformId: $platformId, timeZone: $timeZone, from: $from) {\n      timeZone\n      posts\n      enough\n      message\n      cells {\n        weekday\n        hour\n        posts\n        averageEngagement\n      }\n    }\n  }\n": types.AnalyticsBestTimesDocument,
    "\n  query ApiKeys {\n    apiKeys {\n      id\n      name\n      keyPrefix\n      createdAt\n      lastUsedAt\n    }\n  }\n": types.ApiKeysDocument,
    "\n  mutation CreateApiKey($name: String) {\n    createApiKey(name: $name) {\n      id\n      name\n      keyPrefix\n      rawKey\n    }\n  }\n": types.CreateApiKeyDocument,
    "\n  mutation RenameApiKey($id: ID!, $name: String!) {\n    renameApiKey(id: $id, name: $name) {\n      id\n      name\n    }\n  }\n": types.RenameApiKeyDocument,
    "\n  mutation RevokeApiKey($id: ID!) {\n    revokeApiKey(id: $id)\n  }\n": types.RevokeApiKeyDocument,
    "\n  query PostsAwaitingApproval {\n    postsAwaitingApproval {\n      id\n      content\n      platforms\n      approval {\n        requestedByEmail\n        scheduledTime\n        queue\n      }\n    }\n  }\n": types.PostsAwaitingApprovalDocument,
    "\n  mutation ApprovePost($id: ID!) {\n    approvePost(id: $id) {\n      id\n      status\n      scheduledTime\n      approval {\n        state\n      }\n    }\n  }\n": types.ApprovePostDocument,
    "\n  mutation RejectPost($id: ID!, $comment: String) {\n    rejectPost(id: $id, comment: $comment) {\n      id\n      status\n      approval {\n        state\n        comment\n      }\n    }\n  }\n": types.RejectPostDocument,
    "\n  query AuditEntries($page: Int, $limit: Int, $action: String, $actorType: String, $from: DateTime, $to: DateTime) {\n    auditLog(page: $page, limit: $limit, action: $action, actorType: $actorType, from: $from, to: $to) {\n      total\n      entries {\n        id\n        at\n        action\n        target\n        details\n      }\n    }\n  }\n": types.AuditEntriesDocument,
    "\n  query AuditActors($page: Int, $limit: Int, $action: String, $actorType: String, $from: DateTime, $to: DateTime) {\n    auditLog(page: $page, limit: $limit, action: $action, actorType: $actorType, from: $from, to: $to) {\n      entries {\n        id\n        actor {\n          type\n          email\n          role\n        }\n      }\n    }\n  }\n": types.AuditActorsDocument,
    "\n  query AuditActorKeys($page: Int, $limit: Int, $action: String, $actorType: String, $from: DateTime, $to: DateTime) {\n    auditLog(page: $page, limit: $limit, action: $action, actorType: $actorType, from: $from, to: $to) {\n      entries {\n        id\n        actor {\n          keyPrefix\n          name\n        }\n      }\n    }\n  }\n": types.AuditActorKeysDocument,
    "\n  query ComposeConnections {\n    connections {\n      id\n      platform\n      platformId\n      username\n      displayName\n    }\n  }\n": types.ComposeConnectionsDocument,
    "\n  mutation ComposeUploadUrl($input: CreateUploadUrlInput!) {\n    createUploadUrl(input: $input) {\n      uploadUrl\n      mediaId\n    }\n  }\n": types.ComposeUploadUrlDocument,
    "\n  mutation ComposePost($input: CreatePostInput!) {\n    createPost(input: $input) {\n      id\n      status\n      scheduledTime\n      approval {\n        state\n      }\n    }\n  }\n": types.ComposePostDocument,
    "\n  query ComposeNextSlot($platformIds: [String!]!) {\n    nextQueueSlots(platformIds: $platformIds, count: 1)\n  }\n": types.ComposeNextSlotDocument,
    "\n  mutation ComposeAddToQueue($input: AddToQueueInput!) {\n    addToQueue(input: $input) {\n      postGroupId\n      scheduledTime\n      awaitingApproval\n    }\n  }\n": types.ComposeAddToQueueDocument,
    "\n  query ConnectionsPage {\n    connections {\n      id\n      platform\n      platformId\n      username\n      displayName\n      tokenStatus\n      tokenExpiresIn\n      lastSuccessfulPost\n      lastError {\n        message\n        occurredAt\n      }\n      health\n      healthReason\n      reauthRequiredAt\n      missingPermission\n      instanceUrl\n      type\n    }\n    connectablePlatforms {\n      platform\n      method\n      configured\n      label\n      via\n      fields {\n        name\n        label\n        type\n        required\n        placeholder\n      }\n    }\n  }\n": types.ConnectionsPageDocument,
    "\n  query ConnectOutcome($connected: String, $error: String, $message: String, $sig: String) {\n    connectOutcome(connected: $connected, error: $error, message: $message, sig: $sig) {\n      connected\n      message\n    }\n  }\n": types.ConnectOutcomeDocument,
    "\n  mutation StartConnection($input: StartConnectionInput!) {\n    startConnection(input: $input) {\n      authorizeUrl\n    }\n  }\n": types.StartConnectionDocument,
    "\n  mutation ConnectWithCredentials($input: ConnectCredentialsInput!) {\n    connectWithCredentials(input: $input) {\n      platformId\n    }\n  }\n": types.ConnectWithCredentialsDocument,
    "\n  query PendingConnection($id: ID!) {\n    pendingConnection(id: $id) {\n      id\n      platform\n      accounts {\n        externalId\n        username\n        displayName\n        kind\n      }\n    }\n  }\n": types.PendingConnectionDocument,
    "\n  mutation CompleteConnection($id: ID!, $externalIds: [String!]!) {\n    completeConnection(id: $id, externalIds: $externalIds) {\n      platformId\n    }\n  }\n": types.CompleteConnectionDocument,
    "\n  mutation TestConnection($platformId: String!) {\n    testConnection(platformId: $platformId) {\n      status\n      message\n    }\n  }\n": types.TestConnectionDocument,
    "\n  mutation DisconnectConnection($platformId: String!) {\n    disconnectConnection(platformId: $platformId)\n  }\n": types.DisconnectConnectionDocument,
    "\n  query ImportConnections {\n    connections {\n      id\n      platform\n      platformId\n      username\n      displayName\n    }\n    requireApproval\n  }\n": types.ImportConnectionsDocument,
    "\n  mutation ValidateImport($input: BulkPostsInput!) {\n    validateBulkPosts(input: $input) {\n      total\n      accepted\n      refused\n      valid\n      results {\n        row\n        success\n        valid\n        httpStatus\n        error\n        status\n        scheduledTime\n        platforms {\n          platformId\n          platform\n          ok\n          problems\n          warnings\n        }\n      }\n    }\n  }\n": types.ValidateImportDocument,
    "\n  mutation ImportPosts($input: BulkPostsInput!, $idempotencyKey: String) {\n    bulkCreatePosts(input: $input, idempotencyKey: $idempotencyKey) {\n      total\n      created\n      failed\n      results {\n        row\n        success\n        postGroupId\n        status\n        scheduledTime\n        httpStatus\n        error\n      }\n    }\n  }\n": types.ImportPostsDocument,
    "\n  query OverviewUsage {\n    usage {\n      planName\n      periodEnd\n      monthlyPosts {\n        limit\n        scope\n        used\n        remaining\n        byConnection {\n          platformId\n          used\n          remaining\n        }\n      }\n      scheduledPosts {\n        limit\n        used\n        remaining\n      }\n      connections {\n        limit\n        used\n        remaining\n      }\n      scheduleHorizonDays\n      platforms\n    }\n  }\n": types.OverviewUsageDocument,
    "\n  query PostMetrics($id: ID!) {\n    postMetrics(id: $id) {\n      postGroupId\n      posts {\n        postId\n        platform\n        platformId\n        collection\n        nextCollectionAt\n        endedBecause\n        lastError {\n          message\n        }\n        latest {\n          takenAt\n          values {\n            name\n            value\n          }\n        }\n        series {\n          takenAt\n          values {\n            name\n            value\n          }\n        }\n      }\n    }\n  }\n": types.PostMetricsDocument,
    "\n  query PostsPage($filter: PostsFilter, $page: Int, $limit: Int) {\n    posts(filter: $filter, page: $page, limit: $limit) {\n      totalItems\n      totalPages\n      page\n      items {\n        id\n        content\n        status\n        scheduledTime\n        createdAt\n        platforms\n        approval {\n          state\n          comment\n        }\n      }\n    }\n  }\n": types.PostsPageDocument,
    "\n  query CalendarPosts($filter: PostsFilter) {\n    posts(filter: $filter, page: 1, limit: 100) {\n      items {\n        id\n        content\n        status\n        scheduledTime\n        fromQueue\n      }\n    }\n  }\n": types.CalendarPostsDocument,
    "\n  query CalendarConnections {\n    connections {\n      id\n      platform\n      platformId\n      username\n      displayName\n    }\n  }\n": types.CalendarConnectionsDocument,
    "\n  query CalendarFreeSlots($platformIds: [String!]!) {\n    nextQueueSlots(platformIds: $platformIds, count: 20)\n  }\n": types.CalendarFreeSlotsDocument,
    "\n  query PostDetail($id: ID!) {\n    post(id: $id) {\n      id\n      content\n      status\n      processingStatus\n      scheduledTime\n      createdAt\n      firstComment\n      approval {\n        state\n        comment\n        requestedByEmail\n        scheduledTime\n        queue\n        decidedByEmail\n        decidedAt\n      }\n      media {\n        id\n      }\n      platformPosts {\n        id\n        platform\n        platformId\n        status\n        attemptCount\n        publishedUrl\n        error {\n          code\n          message\n          retryable\n        }\n        errorCategory\n        errorHint\n        canUnpublish\n        unpublishedAt\n        unpublishError {\n          message\n          hint\n        }\n        content\n        contentOverridden\n        firstComment {\n          content\n          status\n          publishedUrl\n          error {\n            code\n            message\n            hint\n          }\n        }\n      }\n      logs {\n        id\n        event\n        platform\n        error\n        createdAt\n      }\n    }\n  }\n": types.PostDetailDocument,
    "\n  mutation ReschedulePost($id: ID!, $input: UpdatePostInput!) {\n    updatePost(id: $id, input: $input) {\n      id\n      status\n      scheduledTime\n    }\n  }\n": types.ReschedulePostDocument,
    "\n  query EditTextsAccounts {\n    connections {\n      id\n      platform\n      platformId\n      username\n      displayName\n    }\n  }\n": types.EditTextsAccountsDocument,
    "\n  mutation EditPostTexts($id: ID!, $input: UpdatePostInput!) {\n    updatePost(id: $id, input: $input) {\n      id\n      status\n      content\n      firstComment\n    }\n  }\n": types.EditPostTextsDocument,
    "\n  mutation RetryPost($id: ID!, $platformIds: [String!], $force: Boolean) {\n    retryPost(id: $id, platformIds: $platformIds, force: $force) {\n      postGroupId\n      warning\n      retried {\n        platformId\n        forced\n      }\n    }\n  }\n": types.RetryPostDocument,
    "\n  mutation UnpublishPost($id: ID!, $platformIds: [String!]) {\n    unpublishPost(id: $id, platformIds: $platformIds) {\n      postGroupId\n      results {\n        platformId\n        status\n        error {\n          message\n          hint\n        }\n      }\n    }\n  }\n": types.UnpublishPostDocument,
    "\n  mutation DeletePost($id: ID!) {\n    deletePost(id: $id)\n  }\n": types.DeletePostDocument,
    "\n  query FilterPlatforms {\n    connectablePlatforms {\n      platform\n    }\n  }\n": types.FilterPlatformsDocument,
    "\n  query ReviewLinks($postGroupId: ID!) {\n    reviewLinks(postGroupId: $postGroupId) {\n      id\n      createdAt\n      expiresAt\n      revokedAt\n      active\n      decisions {\n        at\n        decision\n        comment\n        name\n      }\n    }\n  }\n": types.ReviewLinksDocument,
    "\n  mutation CreateReviewLink($postGroupId: ID!, $expiresInHours: Int) {\n    createReviewLink(postGroupId: $postGroupId, expiresInHours: $expiresInHours) {\n      url\n      reviewLink {\n        id\n        expiresAt\n      }\n    }\n  }\n": types.CreateReviewLinkDocument,
    "\n  mutation RevokeReviewLink($id: ID!) {\n    revokeReviewLink(id: $id)\n  }\n": types.RevokeReviewLinkDocument,
    "\n  query QueueConnections {\n    connections {\n      id\n      platform\n      platformId\n      username\n      displayName\n    }\n  }\n": types.QueueConnectionsDocument,
    "\n  query QueueSchedule($platformId: String!) {\n    queueSchedule(platformId: $platformId) {\n      platformId\n      configured\n      timeZone\n      paused\n      slots {\n        weekday\n        time\n      }\n    }\n  }\n": types.QueueScheduleDocument,
    "\n  mutation SetQueueSchedule($platformId: String!, $input: QueueScheduleInput!) {\n    setQueueSchedule(platformId: $platformId, input: $input) {\n      platformId\n      configured\n      timeZone\n      paused\n      slots {\n        weekday\n        time\n      }\n    }\n  }\n": types.SetQueueScheduleDocument,
    "\n  query NextQueueSlots($platformIds: [String!]!, $count: Int) {\n    nextQueueSlots(platformIds: $platformIds, count: $count)\n  }\n": types.NextQueueSlotsDocument,
    "\n  query Queue($platformId: String!) {\n    queue(platformId: $platformId) {\n      platformId\n      posts {\n        id\n        content\n        status\n        scheduledTime\n        queuedFor\n        platformIds\n      }\n    }\n  }\n": types.QueueDocument,
    "\n  mutation ReorderQueue($platformId: String!, $order: String!) {\n    reorderQueue(platformId: $platformId, order: $order) {\n      platformId\n      posts {\n        id\n        content\n        status\n        scheduledTime\n        queuedFor\n        platformIds\n      }\n    }\n  }\n": types.ReorderQueueDocument,
    "\n  mutation MoveInQueue($platformId: String!, $postGroupId: String!, $direction: String!) {\n    moveInQueue(platformId: $platformId, postGroupId: $postGroupId, direction: $direction) {\n      platformId\n      posts {\n        id\n        content\n        status\n        scheduledTime\n        queuedFor\n        platformIds\n      }\n    }\n  }\n": types.MoveInQueueDocument,
    "\n  query QueueBestTimes($platformId: String!, $timeZone: String!) {\n    bestTimes(platformId: $platformId, timeZone: $timeZone) {\n      timeZone\n      enough\n      cells {\n        weekday\n        hour\n        posts\n        averageEngagement\n      }\n    }\n  }\n": types.QueueBestTimesDocument,
    "\n  mutation UpdateProfile($input: UpdateProfileInput!) {\n    updateProfile(input: $input) {\n      id\n      email\n    }\n  }\n": types.UpdateProfileDocument,
    "\n  mutation ChangePassword($currentPassword: String!, $newPassword: String!) {\n    changePassword(currentPassword: $currentPassword, newPassword: $newPassword)\n  }\n": types.ChangePasswordDocument,
    "\n  query Sessions {\n    sessions {\n      id\n      createdAt\n      expiresAt\n      current\n    }\n  }\n": types.SessionsDocument,
    "\n  mutation RevokeSession($id: ID!) {\n    revokeSession(id: $id)\n  }\n": types.RevokeSessionDocument,
    "\n  query TeamMembers {\n    teamMembers {\n      userId\n      email\n      displayName\n      role\n      since\n    }\n    requireApproval\n  }\n": types.TeamMembersDocument,
    "\n  query TeamInvites {\n    teamInvites {\n      id\n      email\n      role\n      expiresAt\n      createdAt\n      invitedByEmail\n    }\n  }\n": types.TeamInvitesDocument,
    "\n  mutation InviteMember($email: String!, $role: String!) {\n    inviteMember(email: $email, role: $role) {\n      invite {\n        id\n        email\n        role\n        expiresAt\n      }\n      link\n      emailed\n    }\n  }\n": types.InviteMemberDocument,
    "\n  mutation RevokeTeamInvite($id: ID!) {\n    revokeTeamInvite(id: $id)\n  }\n": types.RevokeTeamInviteDocument,
    "\n  mutation ChangeMemberRole($userId: ID!, $role: String!) {\n    changeMemberRole(userId: $userId, role: $role) {\n      userId\n      role\n    }\n  }\n": types.ChangeMemberRoleDocument,
    "\n  mutation RemoveMember($userId: ID!) {\n    removeMember(userId: $userId)\n  }\n": types.RemoveMemberDocument,
    "\n  mutation SetRequireApproval($requireApproval: Boolean!) {\n    setRequireApproval(requireApproval: $requireApproval)\n  }\n": types.SetRequireApprovalDocument,
    "\n  mutation LeaveAccount($accountId: ID!) {\n    leaveAccount(accountId: $accountId)\n  }\n": types.LeaveAccountDocument,
    "\n  query Webhooks {\n    webhooks {\n      id\n      name\n      url\n      events\n      isActive\n      failureCount\n      lastTriggeredAt\n    }\n  }\n": types.WebhooksDocument,
    "\n  mutation CreateWebhook($input: CreateWebhookInput!) {\n    createWebhook(input: $input) {\n      id\n      name\n      secret\n    }\n  }\n": types.CreateWebhookDocument,
    "\n  mutation UpdateWebhook($id: ID!, $input: UpdateWebhookInput!) {\n    updateWebhook(id: $id, input: $input) {\n      id\n      name\n      url\n      events\n      isActive\n      failureCount\n    }\n  }\n": types.UpdateWebhookDocument,
    "\n  mutation DeleteWebhook($id: ID!) {\n    deleteWebhook(id: $id)\n  }\n": types.DeleteWebhookDocument,
    "\n  mutation RegenerateWebhookSecret($id: ID!) {\n    regenerateWebhookSecret(id: $id) {\n      id\n      secret\n    }\n  }\n": types.RegenerateWebhookSecretDocument,
    "\n  query WebhookDeliveries($webhookId: ID!, $page: Int) {\n    webhookDeliveries(webhookId: $webhookId, page: $page, limit: 10) {\n      totalItems\n      totalPages\n      page\n      items {\n        id\n        event\n        status\n        attemptCount\n        lastStatusCode\n        lastError\n        createdAt\n        deliveredAt\n      }\n    }\n  }\n": types.WebhookDeliveriesDocument,
    "\n  mutation SendTestWebhook($id: ID!) {\n    sendTestWebhook(id: $id) {\n      id\n      status\n    }\n  }\n": types.SendTestWebhookDocument,
    "\n  mutation RedeliverWebhook($deliveryId: ID!) {\n    redeliverWebhook(deliveryId: $deliveryId) {\n      id\n      status\n    }\n  }\n": types.RedeliverWebhookDocument,
    "\n  query WorkspaceUsers {\n    workspaceUsers {\n      id\n      username\n      displayName\n      connectionsPageUrl\n      connectionsPageTokenExpiresAt\n    }\n  }\n": types.WorkspaceUsersDocument,
    "\n  mutation CreateWorkspaceUser($input: CreateManagedUserInput!) {\n    createWorkspaceUser(input: $input) {\n      id\n      username\n    }\n  }\n": types.CreateWorkspaceUserDocument,
    "\n  mutation CreateWorkspaceConnectionLink($userId: ID!, $input: ConnectionLinkInput) {\n    createWorkspaceConnectionLink(userId: $userId, input: $input) {\n      url\n      tokenExpiresAt\n    }\n  }\n": types.CreateWorkspaceConnectionLinkDocument,
    "\n  mutation CreateWorkspaceUserApiKey($userId: ID!) {\n    createWorkspaceUserApiKey(userId: $userId) {\n      apiKey\n    }\n  }\n": types.CreateWorkspaceUserApiKeyDocument,
    "\n  mutation DetachWorkspaceUser($userId: ID!) {\n    detachWorkspaceUser(userId: $userId)\n  }\n": types.DetachWorkspaceUserDocument,
    "\n  query Me {\n    me {\n      id\n      email\n      plan\n      isAdmin\n      parentUserId\n      workspacesEnabled\n      apiAccess\n      mcpAccess\n      seats\n    }\n  }\n": types.MeDocument,
    "\n  query TeamContext {\n    teamContext {\n      personId\n      personEmail\n      accountId\n      accountEmail\n      role\n      accounts {\n        accountId\n        email\n        displayName\n        role\n        current\n      }\n    }\n  }\n": types.TeamContextDocument,
    "\n  mutation SwitchAccount($accountId: ID!) {\n    switchAccount(accountId: $accountId) {\n      accountId\n      current\n    }\n  }\n": types.SwitchAccountDocument,
    "\n  query ApprovalsBadge {\n    requireApproval\n    postsAwaitingApproval {\n      id\n    }\n  }\n": types.ApprovalsBadgeDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminUsers($page: Int, $limit: Int, $search: String, $plan: String) {\n    adminUsers(page: $page, limit: $limit, search: $search, plan: $plan) {\n      page\n      limit\n      total\n      items {\n        id\n        email\n        plan\n        isAdmin\n        parentUserId\n        workspacesEnabled\n        apiAccess\n        mcpAccess\n        apiAccessOverride\n        mcpAccessOverride\n        seats\n        createdAt\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminUsers($page: Int, $limit: Int, $search: String, $plan: String) {\n    adminUsers(page: $page, limit: $limit, search: $search, plan: $plan) {\n      page\n      limit\n      total\n      items {\n        id\n        email\n        plan\n        isAdmin\n        parentUserId\n        workspacesEnabled\n        apiAccess\n        mcpAccess\n        apiAccessOverride\n        mcpAccessOverride\n        seats\n        createdAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminCreateUser($input: AdminCreateUserInput!) {\n    adminCreateUser(input: $input) {\n      id\n      email\n    }\n  }\n"): (typeof documents)["\n  mutation AdminCreateUser($input: AdminCreateUserInput!) {\n    adminCreateUser(input: $input) {\n      id\n      email\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminUpdateUser($id: ID!, $input: AdminUpdateUserInput!) {\n    adminUpdateUser(id: $id, input: $input) {\n      id\n      email\n      plan\n      isAdmin\n      workspacesEnabled\n      apiAccess\n      mcpAccess\n      apiAccessOverride\n      mcpAccessOverride\n      seats\n    }\n  }\n"): (typeof documents)["\n  mutation AdminUpdateUser($id: ID!, $input: AdminUpdateUserInput!) {\n    adminUpdateUser(id: $id, input: $input) {\n      id\n      email\n      plan\n      isAdmin\n      workspacesEnabled\n      apiAccess\n      mcpAccess\n      apiAccessOverride\n      mcpAccessOverride\n      seats\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AnalyticsConnections {\n    connections {\n      id\n      platform\n      platformId\n      username\n      displayName\n    }\n  }\n"): (typeof documents)["\n  query AnalyticsConnections {\n    connections {\n      id\n      platform\n      platformId\n      username\n      displayName\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AccountAnalytics($platformId: String!, $from: String!) {\n    accountMetrics(platformId: $platformId, from: $from) {\n      platformId\n      collection\n      lastError {\n        message\n      }\n      days {\n        date\n        takenAt\n        values {\n          name\n          value\n        }\n      }\n    }\n    dailyEngagement(platformId: $platformId, from: $from) {\n      platformId\n      days {\n        date\n        posts\n        engagement\n      }\n    }\n  }\n"): (typeof documents)["\n  query AccountAnalytics($platformId: String!, $from: String!) {\n    accountMetrics(platformId: $platformId, from: $from) {\n      platformId\n      collection\n      lastError {\n        message\n      }\n      days {\n        date\n        takenAt\n        values {\n          name\n          value\n        }\n      }\n    }\n    dailyEngagement(platformId: $platformId, from: $from) {\n      platformId\n      days {\n        date\n        posts\n        engagement\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AnalyticsTopPosts($platformId: String!, $from: String!, $metric: String!) {\n    topPosts(platformId: $platformId, from: $from, metric: $metric, limit: 20) {\n      metric\n      posts {\n        postId\n        postGroupId\n        platform\n        publishedUrl\n        publishedAt\n        value\n        latest {\n          takenAt\n          values {\n            name\n            value\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query AnalyticsTopPosts($platformId: String!, $from: String!, $metric: String!) {\n    topPosts(platformId: $platformId, from: $from, metric: $metric, limit: 20) {\n      metric\n      posts {\n        postId\n        postGroupId\n        platform\n        publishedUrl\n        publishedAt\n        value\n        latest {\n          takenAt\n          values {\n            name\n            value\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AnalyticsBestTimes($platformId: String, $timeZone: String!, $from: String) {\n    bestTimes(platformId: $platformId, timeZone: $timeZone, from: $from) {\n      timeZone\n      posts\n      enough\n      message\n      cells {\n        weekday\n        hour\n        posts\n        averageEngagement\n      }\n    }\n  }\n"): (typeof documents)["\n  query AnalyticsBestTimes($platformId: String, $timeZone: String!, $from: String) {\n    bestTimes(platformId: $platformId, timeZone: $timeZone, from: $from) {\n      timeZone\n      posts\n      enough\n      message\n      cells {\n        weekday\n        hour\n        posts\n        averageEngagement\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ApiKeys {\n    apiKeys {\n      id\n      name\n      keyPrefix\n      createdAt\n      lastUsedAt\n    }\n  }\n"): (typeof documents)["\n  query ApiKeys {\n    apiKeys {\n      id\n      name\n      keyPrefix\n      createdAt\n      lastUsedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateApiKey($name: String) {\n    createApiKey(name: $name) {\n      id\n      name\n      keyPrefix\n      rawKey\n    }\n  }\n"): (typeof documents)["\n  mutation CreateApiKey($name: String) {\n    createApiKey(name: $name) {\n      id\n      name\n      keyPrefix\n      rawKey\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RenameApiKey($id: ID!, $name: String!) {\n    renameApiKey(id: $id, name: $name) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation RenameApiKey($id: ID!, $name: String!) {\n    renameApiKey(id: $id, name: $name) {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeApiKey($id: ID!) {\n    revokeApiKey(id: $id)\n  }\n"): (typeof documents)["\n  mutation RevokeApiKey($id: ID!) {\n    revokeApiKey(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PostsAwaitingApproval {\n    postsAwaitingApproval {\n      id\n      content\n      platforms\n      approval {\n        requestedByEmail\n        scheduledTime\n        queue\n      }\n    }\n  }\n"): (typeof documents)["\n  query PostsAwaitingApproval {\n    postsAwaitingApproval {\n      id\n      content\n      platforms\n      approval {\n        requestedByEmail\n        scheduledTime\n        queue\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ApprovePost($id: ID!) {\n    approvePost(id: $id) {\n      id\n      status\n      scheduledTime\n      approval {\n        state\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation ApprovePost($id: ID!) {\n    approvePost(id: $id) {\n      id\n      status\n      scheduledTime\n      approval {\n        state\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RejectPost($id: ID!, $comment: String) {\n    rejectPost(id: $id, comment: $comment) {\n      id\n      status\n      approval {\n        state\n        comment\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation RejectPost($id: ID!, $comment: String) {\n    rejectPost(id: $id, comment: $comment) {\n      id\n      status\n      approval {\n        state\n        comment\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AuditEntries($page: Int, $limit: Int, $action: String, $actorType: String, $from: DateTime, $to: DateTime) {\n    auditLog(page: $page, limit: $limit, action: $action, actorType: $actorType, from: $from, to: $to) {\n      total\n      entries {\n        id\n        at\n        action\n        target\n        details\n      }\n    }\n  }\n"): (typeof documents)["\n  query AuditEntries($page: Int, $limit: Int, $action: String, $actorType: String, $from: DateTime, $to: DateTime) {\n    auditLog(page: $page, limit: $limit, action: $action, actorType: $actorType, from: $from, to: $to) {\n      total\n      entries {\n        id\n        at\n        action\n        target\n        details\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AuditActors($page: Int, $limit: Int, $action: String, $actorType: String, $from: DateTime, $to: DateTime) {\n    auditLog(page: $page, limit: $limit, action: $action, actorType: $actorType, from: $from, to: $to) {\n      entries {\n        id\n        actor {\n          type\n          email\n          role\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query AuditActors($page: Int, $limit: Int, $action: String, $actorType: String, $from: DateTime, $to: DateTime) {\n    auditLog(page: $page, limit: $limit, action: $action, actorType: $actorType, from: $from, to: $to) {\n      entries {\n        id\n        actor {\n          type\n          email\n          role\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AuditActorKeys($page: Int, $limit: Int, $action: String, $actorType: String, $from: DateTime, $to: DateTime) {\n    auditLog(page: $page, limit: $limit, action: $action, actorType: $actorType, from: $from, to: $to) {\n      entries {\n        id\n        actor {\n          keyPrefix\n          name\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query AuditActorKeys($page: Int, $limit: Int, $action: String, $actorType: String, $from: DateTime, $to: DateTime) {\n    auditLog(page: $page, limit: $limit, action: $action, actorType: $actorType, from: $from, to: $to) {\n      entries {\n        id\n        actor {\n          keyPrefix\n          name\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ComposeConnections {\n    connections {\n      id\n      platform\n      platformId\n      username\n      displayName\n    }\n  }\n"): (typeof documents)["\n  query ComposeConnections {\n    connections {\n      id\n      platform\n      platformId\n      username\n      displayName\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ComposeUploadUrl($input: CreateUploadUrlInput!) {\n    createUploadUrl(input: $input) {\n      uploadUrl\n      mediaId\n    }\n  }\n"): (typeof documents)["\n  mutation ComposeUploadUrl($input: CreateUploadUrlInput!) {\n    createUploadUrl(input: $input) {\n      uploadUrl\n      mediaId\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ComposePost($input: CreatePostInput!) {\n    createPost(input: $input) {\n      id\n      status\n      scheduledTime\n      approval {\n        state\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation ComposePost($input: CreatePostInput!) {\n    createPost(input: $input) {\n      id\n      status\n      scheduledTime\n      approval {\n        state\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ComposeNextSlot($platformIds: [String!]!) {\n    nextQueueSlots(platformIds: $platformIds, count: 1)\n  }\n"): (typeof documents)["\n  query ComposeNextSlot($platformIds: [String!]!) {\n    nextQueueSlots(platformIds: $platformIds, count: 1)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ComposeAddToQueue($input: AddToQueueInput!) {\n    addToQueue(input: $input) {\n      postGroupId\n      scheduledTime\n      awaitingApproval\n    }\n  }\n"): (typeof documents)["\n  mutation ComposeAddToQueue($input: AddToQueueInput!) {\n    addToQueue(input: $input) {\n      postGroupId\n      scheduledTime\n      awaitingApproval\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConnectionsPage {\n    connections {\n      id\n      platform\n      platformId\n      username\n      displayName\n      tokenStatus\n      tokenExpiresIn\n      lastSuccessfulPost\n      lastError {\n        message\n        occurredAt\n      }\n      health\n      healthReason\n      reauthRequiredAt\n      missingPermission\n      instanceUrl\n      type\n    }\n    connectablePlatforms {\n      platform\n      method\n      configured\n      label\n      via\n      fields {\n        name\n        label\n        type\n        required\n        placeholder\n      }\n    }\n  }\n"): (typeof documents)["\n  query ConnectionsPage {\n    connections {\n      id\n      platform\n      platformId\n      username\n      displayName\n      tokenStatus\n      tokenExpiresIn\n      lastSuccessfulPost\n      lastError {\n        message\n        occurredAt\n      }\n      health\n      healthReason\n      reauthRequiredAt\n      missingPermission\n      instanceUrl\n      type\n    }\n    connectablePlatforms {\n      platform\n      method\n      configured\n      label\n      via\n      fields {\n        name\n        label\n        type\n        required\n        placeholder\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConnectOutcome($connected: String, $error: String, $message: String, $sig: String) {\n    connectOutcome(connected: $connected, error: $error, message: $message, sig: $sig) {\n      connected\n      message\n    }\n  }\n"): (typeof documents)["\n  query ConnectOutcome($connected: String, $error: String, $message: String, $sig: String) {\n    connectOutcome(connected: $connected, error: $error, message: $message, sig: $sig) {\n      connected\n      message\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation StartConnection($input: StartConnectionInput!) {\n    startConnection(input: $input) {\n      authorizeUrl\n    }\n  }\n"): (typeof documents)["\n  mutation StartConnection($input: StartConnectionInput!) {\n    startConnection(input: $input) {\n      authorizeUrl\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConnectWithCredentials($input: ConnectCredentialsInput!) {\n    connectWithCredentials(input: $input) {\n      platformId\n    }\n  }\n"): (typeof documents)["\n  mutation ConnectWithCredentials($input: ConnectCredentialsInput!) {\n    connectWithCredentials(input: $input) {\n      platformId\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PendingConnection($id: ID!) {\n    pendingConnection(id: $id) {\n      id\n      platform\n      accounts {\n        externalId\n        username\n        displayName\n        kind\n      }\n    }\n  }\n"): (typeof documents)["\n  query PendingConnection($id: ID!) {\n    pendingConnection(id: $id) {\n      id\n      platform\n      accounts {\n        externalId\n        username\n        displayName\n        kind\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CompleteConnection($id: ID!, $externalIds: [String!]!) {\n    completeConnection(id: $id, externalIds: $externalIds) {\n      platformId\n    }\n  }\n"): (typeof documents)["\n  mutation CompleteConnection($id: ID!, $externalIds: [String!]!) {\n    completeConnection(id: $id, externalIds: $externalIds) {\n      platformId\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TestConnection($platformId: String!) {\n    testConnection(platformId: $platformId) {\n      status\n      message\n    }\n  }\n"): (typeof documents)["\n  mutation TestConnection($platformId: String!) {\n    testConnection(platformId: $platformId) {\n      status\n      message\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DisconnectConnection($platformId: String!) {\n    disconnectConnection(platformId: $platformId)\n  }\n"): (typeof documents)["\n  mutation DisconnectConnection($platformId: String!) {\n    disconnectConnection(platformId: $platformId)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ImportConnections {\n    connections {\n      id\n      platform\n      platformId\n      username\n      displayName\n    }\n    requireApproval\n  }\n"): (typeof documents)["\n  query ImportConnections {\n    connections {\n      id\n      platform\n      platformId\n      username\n      displayName\n    }\n    requireApproval\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ValidateImport($input: BulkPostsInput!) {\n    validateBulkPosts(input: $input) {\n      total\n      accepted\n      refused\n      valid\n      results {\n        row\n        success\n        valid\n        httpStatus\n        error\n        status\n        scheduledTime\n        platforms {\n          platformId\n          platform\n          ok\n          problems\n          warnings\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation ValidateImport($input: BulkPostsInput!) {\n    validateBulkPosts(input: $input) {\n      total\n      accepted\n      refused\n      valid\n      results {\n        row\n        success\n        valid\n        httpStatus\n        error\n        status\n        scheduledTime\n        platforms {\n          platformId\n          platform\n          ok\n          problems\n          warnings\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ImportPosts($input: BulkPostsInput!, $idempotencyKey: String) {\n    bulkCreatePosts(input: $input, idempotencyKey: $idempotencyKey) {\n      total\n      created\n      failed\n      results {\n        row\n        success\n        postGroupId\n        status\n        scheduledTime\n        httpStatus\n        error\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation ImportPosts($input: BulkPostsInput!, $idempotencyKey: String) {\n    bulkCreatePosts(input: $input, idempotencyKey: $idempotencyKey) {\n      total\n      created\n      failed\n      results {\n        row\n        success\n        postGroupId\n        status\n        scheduledTime\n        httpStatus\n        error\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OverviewUsage {\n    usage {\n      planName\n      periodEnd\n      monthlyPosts {\n        limit\n        scope\n        used\n        remaining\n        byConnection {\n          platformId\n          used\n          remaining\n        }\n      }\n      scheduledPosts {\n        limit\n        used\n        remaining\n      }\n      connections {\n        limit\n        used\n        remaining\n      }\n      scheduleHorizonDays\n      platforms\n    }\n  }\n"): (typeof documents)["\n  query OverviewUsage {\n    usage {\n      planName\n      periodEnd\n      monthlyPosts {\n        limit\n        scope\n        used\n        remaining\n        byConnection {\n          platformId\n          used\n          remaining\n        }\n      }\n      scheduledPosts {\n        limit\n        used\n        remaining\n      }\n      connections {\n        limit\n        used\n        remaining\n      }\n      scheduleHorizonDays\n      platforms\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PostMetrics($id: ID!) {\n    postMetrics(id: $id) {\n      postGroupId\n      posts {\n        postId\n        platform\n        platformId\n        collection\n        nextCollectionAt\n        endedBecause\n        lastError {\n          message\n        }\n        latest {\n          takenAt\n          values {\n            name\n            value\n          }\n        }\n        series {\n          takenAt\n          values {\n            name\n            value\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query PostMetrics($id: ID!) {\n    postMetrics(id: $id) {\n      postGroupId\n      posts {\n        postId\n        platform\n        platformId\n        collection\n        nextCollectionAt\n        endedBecause\n        lastError {\n          message\n        }\n        latest {\n          takenAt\n          values {\n            name\n            value\n          }\n        }\n        series {\n          takenAt\n          values {\n            name\n            value\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PostsPage($filter: PostsFilter, $page: Int, $limit: Int) {\n    posts(filter: $filter, page: $page, limit: $limit) {\n      totalItems\n      totalPages\n      page\n      items {\n        id\n        content\n        status\n        scheduledTime\n        createdAt\n        platforms\n        approval {\n          state\n          comment\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query PostsPage($filter: PostsFilter, $page: Int, $limit: Int) {\n    posts(filter: $filter, page: $page, limit: $limit) {\n      totalItems\n      totalPages\n      page\n      items {\n        id\n        content\n        status\n        scheduledTime\n        createdAt\n        platforms\n        approval {\n          state\n          comment\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CalendarPosts($filter: PostsFilter) {\n    posts(filter: $filter, page: 1, limit: 100) {\n      items {\n        id\n        content\n        status\n        scheduledTime\n        fromQueue\n      }\n    }\n  }\n"): (typeof documents)["\n  query CalendarPosts($filter: PostsFilter) {\n    posts(filter: $filter, page: 1, limit: 100) {\n      items {\n        id\n        content\n        status\n        scheduledTime\n        fromQueue\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CalendarConnections {\n    connections {\n      id\n      platform\n      platformId\n      username\n      displayName\n    }\n  }\n"): (typeof documents)["\n  query CalendarConnections {\n    connections {\n      id\n      platform\n      platformId\n      username\n      displayName\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CalendarFreeSlots($platformIds: [String!]!) {\n    nextQueueSlots(platformIds: $platformIds, count: 20)\n  }\n"): (typeof documents)["\n  query CalendarFreeSlots($platformIds: [String!]!) {\n    nextQueueSlots(platformIds: $platformIds, count: 20)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PostDetail($id: ID!) {\n    post(id: $id) {\n      id\n      content\n      status\n      processingStatus\n      scheduledTime\n      createdAt\n      firstComment\n      approval {\n        state\n        comment\n        requestedByEmail\n        scheduledTime\n        queue\n        decidedByEmail\n        decidedAt\n      }\n      media {\n        id\n      }\n      platformPosts {\n        id\n        platform\n        platformId\n        status\n        attemptCount\n        publishedUrl\n        error {\n          code\n          message\n          retryable\n        }\n        errorCategory\n        errorHint\n        canUnpublish\n        unpublishedAt\n        unpublishError {\n          message\n          hint\n        }\n        content\n        contentOverridden\n        firstComment {\n          content\n          status\n          publishedUrl\n          error {\n            code\n            message\n            hint\n          }\n        }\n      }\n      logs {\n        id\n        event\n        platform\n        error\n        createdAt\n      }\n    }\n  }\n"): (typeof documents)["\n  query PostDetail($id: ID!) {\n    post(id: $id) {\n      id\n      content\n      status\n      processingStatus\n      scheduledTime\n      createdAt\n      firstComment\n      approval {\n        state\n        comment\n        requestedByEmail\n        scheduledTime\n        queue\n        decidedByEmail\n        decidedAt\n      }\n      media {\n        id\n      }\n      platformPosts {\n        id\n        platform\n        platformId\n        status\n        attemptCount\n        publishedUrl\n        error {\n          code\n          message\n          retryable\n        }\n        errorCategory\n        errorHint\n        canUnpublish\n        unpublishedAt\n        unpublishError {\n          message\n          hint\n        }\n        content\n        contentOverridden\n        firstComment {\n          content\n          status\n          publishedUrl\n          error {\n            code\n            message\n            hint\n          }\n        }\n      }\n      logs {\n        id\n        event\n        platform\n        error\n        createdAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReschedulePost($id: ID!, $input: UpdatePostInput!) {\n    updatePost(id: $id, input: $input) {\n      id\n      status\n      scheduledTime\n    }\n  }\n"): (typeof documents)["\n  mutation ReschedulePost($id: ID!, $input: UpdatePostInput!) {\n    updatePost(id: $id, input: $input) {\n      id\n      status\n      scheduledTime\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query EditTextsAccounts {\n    connections {\n      id\n      platform\n      platformId\n      username\n      displayName\n    }\n  }\n"): (typeof documents)["\n  query EditTextsAccounts {\n    connections {\n      id\n      platform\n      platformId\n      username\n      displayName\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation EditPostTexts($id: ID!, $input: UpdatePostInput!) {\n    updatePost(id: $id, input: $input) {\n      id\n      status\n      content\n      firstComment\n    }\n  }\n"): (typeof documents)["\n  mutation EditPostTexts($id: ID!, $input: UpdatePostInput!) {\n    updatePost(id: $id, input: $input) {\n      id\n      status\n      content\n      firstComment\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RetryPost($id: ID!, $platformIds: [String!], $force: Boolean) {\n    retryPost(id: $id, platformIds: $platformIds, force: $force) {\n      postGroupId\n      warning\n      retried {\n        platformId\n        forced\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation RetryPost($id: ID!, $platformIds: [String!], $force: Boolean) {\n    retryPost(id: $id, platformIds: $platformIds, force: $force) {\n      postGroupId\n      warning\n      retried {\n        platformId\n        forced\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UnpublishPost($id: ID!, $platformIds: [String!]) {\n    unpublishPost(id: $id, platformIds: $platformIds) {\n      postGroupId\n      results {\n        platformId\n        status\n        error {\n          message\n          hint\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation UnpublishPost($id: ID!, $platformIds: [String!]) {\n    unpublishPost(id: $id, platformIds: $platformIds) {\n      postGroupId\n      results {\n        platformId\n        status\n        error {\n          message\n          hint\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeletePost($id: ID!) {\n    deletePost(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeletePost($id: ID!) {\n    deletePost(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query FilterPlatforms {\n    connectablePlatforms {\n      platform\n    }\n  }\n"): (typeof documents)["\n  query FilterPlatforms {\n    connectablePlatforms {\n      platform\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ReviewLinks($postGroupId: ID!) {\n    reviewLinks(postGroupId: $postGroupId) {\n      id\n      createdAt\n      expiresAt\n      revokedAt\n      active\n      decisions {\n        at\n        decision\n        comment\n        name\n      }\n    }\n  }\n"): (typeof documents)["\n  query ReviewLinks($postGroupId: ID!) {\n    reviewLinks(postGroupId: $postGroupId) {\n      id\n      createdAt\n      expiresAt\n      revokedAt\n      active\n      decisions {\n        at\n        decision\n        comment\n        name\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateReviewLink($postGroupId: ID!, $expiresInHours: Int) {\n    createReviewLink(postGroupId: $postGroupId, expiresInHours: $expiresInHours) {\n      url\n      reviewLink {\n        id\n        expiresAt\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CreateReviewLink($postGroupId: ID!, $expiresInHours: Int) {\n    createReviewLink(postGroupId: $postGroupId, expiresInHours: $expiresInHours) {\n      url\n      reviewLink {\n        id\n        expiresAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeReviewLink($id: ID!) {\n    revokeReviewLink(id: $id)\n  }\n"): (typeof documents)["\n  mutation RevokeReviewLink($id: ID!) {\n    revokeReviewLink(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query QueueConnections {\n    connections {\n      id\n      platform\n      platformId\n      username\n      displayName\n    }\n  }\n"): (typeof documents)["\n  query QueueConnections {\n    connections {\n      id\n      platform\n      platformId\n      username\n      displayName\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query QueueSchedule($platformId: String!) {\n    queueSchedule(platformId: $platformId) {\n      platformId\n      configured\n      timeZone\n      paused\n      slots {\n        weekday\n        time\n      }\n    }\n  }\n"): (typeof documents)["\n  query QueueSchedule($platformId: String!) {\n    queueSchedule(platformId: $platformId) {\n      platformId\n      configured\n      timeZone\n      paused\n      slots {\n        weekday\n        time\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetQueueSchedule($platformId: String!, $input: QueueScheduleInput!) {\n    setQueueSchedule(platformId: $platformId, input: $input) {\n      platformId\n      configured\n      timeZone\n      paused\n      slots {\n        weekday\n        time\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation SetQueueSchedule($platformId: String!, $input: QueueScheduleInput!) {\n    setQueueSchedule(platformId: $platformId, input: $input) {\n      platformId\n      configured\n      timeZone\n      paused\n      slots {\n        weekday\n        time\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query NextQueueSlots($platformIds: [String!]!, $count: Int) {\n    nextQueueSlots(platformIds: $platformIds, count: $count)\n  }\n"): (typeof documents)["\n  query NextQueueSlots($platformIds: [String!]!, $count: Int) {\n    nextQueueSlots(platformIds: $platformIds, count: $count)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Queue($platformId: String!) {\n    queue(platformId: $platformId) {\n      platformId\n      posts {\n        id\n        content\n        status\n        scheduledTime\n        queuedFor\n        platformIds\n      }\n    }\n  }\n"): (typeof documents)["\n  query Queue($platformId: String!) {\n    queue(platformId: $platformId) {\n      platformId\n      posts {\n        id\n        content\n        status\n        scheduledTime\n        queuedFor\n        platformIds\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReorderQueue($platformId: String!, $order: String!) {\n    reorderQueue(platformId: $platformId, order: $order) {\n      platformId\n      posts {\n        id\n        content\n        status\n        scheduledTime\n        queuedFor\n        platformIds\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation ReorderQueue($platformId: String!, $order: String!) {\n    reorderQueue(platformId: $platformId, order: $order) {\n      platformId\n      posts {\n        id\n        content\n        status\n        scheduledTime\n        queuedFor\n        platformIds\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MoveInQueue($platformId: String!, $postGroupId: String!, $direction: String!) {\n    moveInQueue(platformId: $platformId, postGroupId: $postGroupId, direction: $direction) {\n      platformId\n      posts {\n        id\n        content\n        status\n        scheduledTime\n        queuedFor\n        platformIds\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation MoveInQueue($platformId: String!, $postGroupId: String!, $direction: String!) {\n    moveInQueue(platformId: $platformId, postGroupId: $postGroupId, direction: $direction) {\n      platformId\n      posts {\n        id\n        content\n        status\n        scheduledTime\n        queuedFor\n        platformIds\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query QueueBestTimes($platformId: String!, $timeZone: String!) {\n    bestTimes(platformId: $platformId, timeZone: $timeZone) {\n      timeZone\n      enough\n      cells {\n        weekday\n        hour\n        posts\n        averageEngagement\n      }\n    }\n  }\n"): (typeof documents)["\n  query QueueBestTimes($platformId: String!, $timeZone: String!) {\n    bestTimes(platformId: $platformId, timeZone: $timeZone) {\n      timeZone\n      enough\n      cells {\n        weekday\n        hour\n        posts\n        averageEngagement\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateProfile($input: UpdateProfileInput!) {\n    updateProfile(input: $input) {\n      id\n      email\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateProfile($input: UpdateProfileInput!) {\n    updateProfile(input: $input) {\n      id\n      email\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ChangePassword($currentPassword: String!, $newPassword: String!) {\n    changePassword(currentPassword: $currentPassword, newPassword: $newPassword)\n  }\n"): (typeof documents)["\n  mutation ChangePassword($currentPassword: String!, $newPassword: String!) {\n    changePassword(currentPassword: $currentPassword, newPassword: $newPassword)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Sessions {\n    sessions {\n      id\n      createdAt\n      expiresAt\n      current\n    }\n  }\n"): (typeof documents)["\n  query Sessions {\n    sessions {\n      id\n      createdAt\n      expiresAt\n      current\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeSession($id: ID!) {\n    revokeSession(id: $id)\n  }\n"): (typeof documents)["\n  mutation RevokeSession($id: ID!) {\n    revokeSession(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TeamMembers {\n    teamMembers {\n      userId\n      email\n      displayName\n      role\n      since\n    }\n    requireApproval\n  }\n"): (typeof documents)["\n  query TeamMembers {\n    teamMembers {\n      userId\n      email\n      displayName\n      role\n      since\n    }\n    requireApproval\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TeamInvites {\n    teamInvites {\n      id\n      email\n      role\n      expiresAt\n      createdAt\n      invitedByEmail\n    }\n  }\n"): (typeof documents)["\n  query TeamInvites {\n    teamInvites {\n      id\n      email\n      role\n      expiresAt\n      createdAt\n      invitedByEmail\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation InviteMember($email: String!, $role: String!) {\n    inviteMember(email: $email, role: $role) {\n      invite {\n        id\n        email\n        role\n        expiresAt\n      }\n      link\n      emailed\n    }\n  }\n"): (typeof documents)["\n  mutation InviteMember($email: String!, $role: String!) {\n    inviteMember(email: $email, role: $role) {\n      invite {\n        id\n        email\n        role\n        expiresAt\n      }\n      link\n      emailed\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeTeamInvite($id: ID!) {\n    revokeTeamInvite(id: $id)\n  }\n"): (typeof documents)["\n  mutation RevokeTeamInvite($id: ID!) {\n    revokeTeamInvite(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ChangeMemberRole($userId: ID!, $role: String!) {\n    changeMemberRole(userId: $userId, role: $role) {\n      userId\n      role\n    }\n  }\n"): (typeof documents)["\n  mutation ChangeMemberRole($userId: ID!, $role: String!) {\n    changeMemberRole(userId: $userId, role: $role) {\n      userId\n      role\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveMember($userId: ID!) {\n    removeMember(userId: $userId)\n  }\n"): (typeof documents)["\n  mutation RemoveMember($userId: ID!) {\n    removeMember(userId: $userId)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetRequireApproval($requireApproval: Boolean!) {\n    setRequireApproval(requireApproval: $requireApproval)\n  }\n"): (typeof documents)["\n  mutation SetRequireApproval($requireApproval: Boolean!) {\n    setRequireApproval(requireApproval: $requireApproval)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation LeaveAccount($accountId: ID!) {\n    leaveAccount(accountId: $accountId)\n  }\n"): (typeof documents)["\n  mutation LeaveAccount($accountId: ID!) {\n    leaveAccount(accountId: $accountId)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Webhooks {\n    webhooks {\n      id\n      name\n      url\n      events\n      isActive\n      failureCount\n      lastTriggeredAt\n    }\n  }\n"): (typeof documents)["\n  query Webhooks {\n    webhooks {\n      id\n      name\n      url\n      events\n      isActive\n      failureCount\n      lastTriggeredAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateWebhook($input: CreateWebhookInput!) {\n    createWebhook(input: $input) {\n      id\n      name\n      secret\n    }\n  }\n"): (typeof documents)["\n  mutation CreateWebhook($input: CreateWebhookInput!) {\n    createWebhook(input: $input) {\n      id\n      name\n      secret\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateWebhook($id: ID!, $input: UpdateWebhookInput!) {\n    updateWebhook(id: $id, input: $input) {\n      id\n      name\n      url\n      events\n      isActive\n      failureCount\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateWebhook($id: ID!, $input: UpdateWebhookInput!) {\n    updateWebhook(id: $id, input: $input) {\n      id\n      name\n      url\n      events\n      isActive\n      failureCount\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteWebhook($id: ID!) {\n    deleteWebhook(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteWebhook($id: ID!) {\n    deleteWebhook(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RegenerateWebhookSecret($id: ID!) {\n    regenerateWebhookSecret(id: $id) {\n      id\n      secret\n    }\n  }\n"): (typeof documents)["\n  mutation RegenerateWebhookSecret($id: ID!) {\n    regenerateWebhookSecret(id: $id) {\n      id\n      secret\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query WebhookDeliveries($webhookId: ID!, $page: Int) {\n    webhookDeliveries(webhookId: $webhookId, page: $page, limit: 10) {\n      totalItems\n      totalPages\n      page\n      items {\n        id\n        event\n        status\n        attemptCount\n        lastStatusCode\n        lastError\n        createdAt\n        deliveredAt\n      }\n    }\n  }\n"): (typeof documents)["\n  query WebhookDeliveries($webhookId: ID!, $page: Int) {\n    webhookDeliveries(webhookId: $webhookId, page: $page, limit: 10) {\n      totalItems\n      totalPages\n      page\n      items {\n        id\n        event\n        status\n        attemptCount\n        lastStatusCode\n        lastError\n        createdAt\n        deliveredAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SendTestWebhook($id: ID!) {\n    sendTestWebhook(id: $id) {\n      id\n      status\n    }\n  }\n"): (typeof documents)["\n  mutation SendTestWebhook($id: ID!) {\n    sendTestWebhook(id: $id) {\n      id\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RedeliverWebhook($deliveryId: ID!) {\n    redeliverWebhook(deliveryId: $deliveryId) {\n      id\n      status\n    }\n  }\n"): (typeof documents)["\n  mutation RedeliverWebhook($deliveryId: ID!) {\n    redeliverWebhook(deliveryId: $deliveryId) {\n      id\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query WorkspaceUsers {\n    workspaceUsers {\n      id\n      username\n      displayName\n      connectionsPageUrl\n      connectionsPageTokenExpiresAt\n    }\n  }\n"): (typeof documents)["\n  query WorkspaceUsers {\n    workspaceUsers {\n      id\n      username\n      displayName\n      connectionsPageUrl\n      connectionsPageTokenExpiresAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateWorkspaceUser($input: CreateManagedUserInput!) {\n    createWorkspaceUser(input: $input) {\n      id\n      username\n    }\n  }\n"): (typeof documents)["\n  mutation CreateWorkspaceUser($input: CreateManagedUserInput!) {\n    createWorkspaceUser(input: $input) {\n      id\n      username\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateWorkspaceConnectionLink($userId: ID!, $input: ConnectionLinkInput) {\n    createWorkspaceConnectionLink(userId: $userId, input: $input) {\n      url\n      tokenExpiresAt\n    }\n  }\n"): (typeof documents)["\n  mutation CreateWorkspaceConnectionLink($userId: ID!, $input: ConnectionLinkInput) {\n    createWorkspaceConnectionLink(userId: $userId, input: $input) {\n      url\n      tokenExpiresAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateWorkspaceUserApiKey($userId: ID!) {\n    createWorkspaceUserApiKey(userId: $userId) {\n      apiKey\n    }\n  }\n"): (typeof documents)["\n  mutation CreateWorkspaceUserApiKey($userId: ID!) {\n    createWorkspaceUserApiKey(userId: $userId) {\n      apiKey\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DetachWorkspaceUser($userId: ID!) {\n    detachWorkspaceUser(userId: $userId)\n  }\n"): (typeof documents)["\n  mutation DetachWorkspaceUser($userId: ID!) {\n    detachWorkspaceUser(userId: $userId)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Me {\n    me {\n      id\n      email\n      plan\n      isAdmin\n      parentUserId\n      workspacesEnabled\n      apiAccess\n      mcpAccess\n      seats\n    }\n  }\n"): (typeof documents)["\n  query Me {\n    me {\n      id\n      email\n      plan\n      isAdmin\n      parentUserId\n      workspacesEnabled\n      apiAccess\n      mcpAccess\n      seats\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TeamContext {\n    teamContext {\n      personId\n      personEmail\n      accountId\n      accountEmail\n      role\n      accounts {\n        accountId\n        email\n        displayName\n        role\n        current\n      }\n    }\n  }\n"): (typeof documents)["\n  query TeamContext {\n    teamContext {\n      personId\n      personEmail\n      accountId\n      accountEmail\n      role\n      accounts {\n        accountId\n        email\n        displayName\n        role\n        current\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SwitchAccount($accountId: ID!) {\n    switchAccount(accountId: $accountId) {\n      accountId\n      current\n    }\n  }\n"): (typeof documents)["\n  mutation SwitchAccount($accountId: ID!) {\n    switchAccount(accountId: $accountId) {\n      accountId\n      current\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ApprovalsBadge {\n    requireApproval\n    postsAwaitingApproval {\n      id\n    }\n  }\n"): (typeof documents)["\n  query ApprovalsBadge {\n    requireApproval\n    postsAwaitingApproval {\n      id\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;