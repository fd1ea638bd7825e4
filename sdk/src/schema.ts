// The service's REST API as types, generated from sdk/openapi.json by `npm run sdk:generate` (do not edit by hand).

export interface paths {
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness and database state, for load balancers (no authentication) */
        get: operations["HealthController_check"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a dashboard account and sign in (sets the sps_session cookie) */
        post: operations["AuthController_register"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in to the dashboard (sets the sps_session cookie) */
        post: operations["AuthController_login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign out: ends the session and clears the cookie (also without a session) */
        post: operations["AuthController_logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in dashboard user */
        get: operations["AuthController_me"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List your API keys (never the keys themselves) */
        get: operations["ApiKeysController_list"];
        put?: never;
        /** Create an API key; the answer is the only time the whole key is shown */
        post: operations["ApiKeysController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/api-keys/{keyId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke an API key */
        delete: operations["ApiKeysController_revoke"];
        options?: never;
        head?: never;
        /** Rename an API key */
        patch: operations["ApiKeysController_rename"];
        trace?: never;
    };
    "/api/v1/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Who did what in the account, newest first */
        get: operations["AuditController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/platform-connections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the connected platform accounts */
        get: operations["ConnectionsController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/test-connection/{platformId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Check that a connection still works (a call to the platform) */
        post: operations["ConnectionsController_test"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/list-posts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List post groups (filtered, sorted, paginated) */
        get: operations["PostsController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/create-post": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a post group: a draft without scheduledTime, scheduled with one */
        post: operations["PostsController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/get-post/{postGroupId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One post group with its platform posts */
        get: operations["PostsController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/update-post/{postGroupId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Schedule, reschedule or move back to draft */
        put: operations["PostsController_update"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/delete-post/{postGroupId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a group, its platform posts, logs and media records (any status) */
        delete: operations["PostsController_remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/post-logs/{postGroupId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Publish log of a group, oldest first (first 100) */
        get: operations["PostsController_logs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Plan usage: monthly posts, scheduled posts, horizon and connections, used and left */
        get: operations["UsageController_usage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/get-upload-url": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Pre-signed upload URL; PUT the file to it with the same Content-Type */
        post: operations["MediaController_getUploadUrl"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/media/{mediaId}/alt-text": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set or clear the alt text of one of your media files
         * @description Sent to the platforms that take alt text when the post is published. Refused once the post is published or failed, while it is being published, and when longer than the limit of one of the post's platforms (docs/media.md).
         */
        post: operations["MediaController_setAltText"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/media/process-video": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Server-side video upload (multipart: video, postGroupId); asynchronous */
        post: operations["MediaDashboardController_processVideo"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/media/post/media/{mediaId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a media file of your post (not once the post is published or failed) */
        delete: operations["MediaDashboardController_deleteMedia"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/media/generate-upload-url": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deprecated: use POST /api/v1/get-upload-url
         * @deprecated
         */
        post: operations["MediaDashboardController_generateUploadUrl"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List webhooks (without secrets) */
        get: operations["WebhooksController_list"];
        put?: never;
        /** Create a webhook; the response carries the signing secret (only here and on regenerate) */
        post: operations["WebhooksController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a webhook (and its queued deliveries) */
        delete: operations["WebhooksController_remove"];
        options?: never;
        head?: never;
        /** Update name/url/events (applied when truthy) and isActive (when boolean) */
        patch: operations["WebhooksController_update"];
        trace?: never;
    };
    "/api/v1/webhooks/{id}/regenerate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Replace the signing secret; the new one is returned once */
        post: operations["WebhooksController_regenerate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A webhook's deliveries (kept 30 days), newest first, paged; optionally of one event and/or outcome */
        get: operations["WebhooksController_deliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}/deliveries/{deliveryId}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Queue a finished delivery again: same event and payload bytes, a new delivery id; sent by the worker right after */
        post: operations["WebhooksController_redeliver"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Queue a signed `webhook.test` delivery to this webhook (as the dashboard’s test); sent by the worker right after */
        post: operations["WebhooksController_test"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List your webhooks */
        get: operations["WebhooksDashboardController_list"];
        put?: never;
        /** Create a webhook (dashboard rules) */
        post: operations["WebhooksDashboardController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a webhook and its queued deliveries */
        delete: operations["WebhooksDashboardController_remove"];
        options?: never;
        head?: never;
        /** Update a webhook; re-enabling resets failureCount */
        patch: operations["WebhooksDashboardController_update"];
        trace?: never;
    };
    "/webhooks/{id}/regenerate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Replace the signing secret of a webhook */
        post: operations["WebhooksDashboardController_regenerate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Recent deliveries of a webhook and their attempts */
        get: operations["WebhooksDashboardController_deliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/validate-post": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** What create-post and publishing would do with this body, writing nothing */
        post: operations["ValidatePostController_validate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/queue/time-zone": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's default zone for queue schedules (UTC until set) */
        get: operations["QueueController_defaultZone"];
        /** Set the account's default zone; the queues of schedules without their own zone move onto their slots in it */
        put: operations["QueueController_setDefaultZone"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/queue/schedules/{platformId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A connection's weekly posting schedule (the account's zone and no slots until one is set) */
        get: operations["QueueController_getSchedule"];
        /** Replace a connection's weekly posting schedule; its queued posts move onto the new slots, in order */
        put: operations["QueueController_replaceSchedule"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/queue/next-slots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The next free slots shared by these connections (a post to all of them would get the first) */
        get: operations["QueueController_nextSlots"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/queue/add": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Schedule a new post, or a draft, at the next free slot shared by its connections */
        post: operations["QueueController_add"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/queue/posts/{platformId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A connection's queue: its schedule and its queued posts in order */
        get: operations["QueueController_queueOf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/queue/posts/{platformId}/reorder": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Close the gaps in a queue (compact) or put it in a random order (shuffle) */
        post: operations["QueueController_reorder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/queue/posts/{platformId}/move": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Swap a queued post with the one before (up) or after (down) it */
        post: operations["QueueController_move"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/retry-post/{postGroupId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Put failed platform posts of a group back to publish now (published ones never are) */
        post: operations["RecoveryController_retry"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/unpublish-post/{postGroupId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Delete a group's published platform posts from their platforms, where the platform's API allows */
        post: operations["RecoveryController_unpublish"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/post-metrics/{postGroupId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A post group's metrics: per platform post, where its collection stands, its latest reading and its series */
        get: operations["EngagementController_postMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/account-metrics/{platformId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A connected account's daily metrics (followers and what else its platform counts) over a range */
        get: operations["EngagementController_accountMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/top-posts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The posts published in a range, ranked by a metric on their latest reading */
        get: operations["EngagementController_topPosts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/best-times": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** When the person's posts did best: weekday × hour in a time zone, from their own history */
        get: operations["EngagementController_bestTimes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bulk/create-posts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create up to 1,000 posts at once: JSON rows or a CSV file, checked as create-post checks them, all or nothing unless mode is partial */
        post: operations["BulkController_createPosts"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bulk/validate-posts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** bulk/create-posts' dry run: each row's refusal or what it would store, with validate-post's verdict per account; nothing is created */
        post: operations["BulkController_validatePosts"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bulk/export-posts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every post group matching list-posts' filters, streamed as CSV (re-importable) or JSON, with each account's outcome and latest metrics */
        get: operations["BulkController_exportPosts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/bulk/export-posts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /api/v1/bulk/export-posts for the signed-in dashboard (same filters, formats and columns) */
        get: operations["BulkDashboardController_exportPosts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/linkedin-followers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Followers of a LinkedIn member (lifetime or daily) */
        post: operations["AnalyticsController_followers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/linkedin-profile-summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Profile summary of a LinkedIn member (followers and post totals) */
        post: operations["AnalyticsController_profileSummary"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/linkedin-post-statistics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Statistics of one LinkedIn post */
        post: operations["AnalyticsController_postStatistics"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/linkedin-account-statistics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Statistics of a LinkedIn member account */
        post: operations["AnalyticsController_accountStatistics"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/linkedin-reactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** React to a LinkedIn post (LIKE, PRAISE, EMPATHY, INTEREST, APPRECIATION, ENTERTAINMENT) */
        post: operations["LinkedInSocialController_createReaction"];
        /** Remove the connection's reaction from a LinkedIn post (parameters in the body or the query) */
        delete: operations["LinkedInSocialController_deleteReaction"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/linkedin-comments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Comment on a LinkedIn post, or reply to a comment (parentComment) */
        post: operations["LinkedInSocialController_createComment"];
        /** Delete one of the connection's comments on a LinkedIn post (parameters in the body or the query) */
        delete: operations["LinkedInSocialController_deleteComment"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspace/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The users this key’s owner manages */
        get: operations["WorkspaceController_list"];
        put?: never;
        /** Create a managed user (it cannot sign in; act for it with x-service-user-id) */
        post: operations["WorkspaceController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspace/users/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Detach a managed user: the record stays, the association and its connection link go */
        delete: operations["WorkspaceController_detach"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspace/users/{userId}/api-key": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A new API key for the managed user (its previous keys stop working) */
        post: operations["WorkspaceController_issueApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspace/users/{userId}/connection-url": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The managed user’s connection link (a page where it connects its accounts) */
        post: operations["WorkspaceController_connectionUrl"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/invites/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What an invitation offers (the account, the role, the address it is for) */
        get: operations["TeamInvitesController_describe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/invites/{token}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Accept: signed in with the invited address, or with `password` to make that account; the session then acts in the team account */
        post: operations["TeamInvitesController_accept"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/approvals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Posts waiting for approval, oldest request first (at most 100) */
        get: operations["ApprovalsController_awaiting"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/approvals/{postGroupId}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Schedule the post as its editor asked (or queue it), with every scheduling check */
        post: operations["ApprovalsController_approve"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/approvals/{postGroupId}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Keep the post a draft and tell its editor why */
        post: operations["ApprovalsController_reject"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/media/upload/{mediaId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Upload the file of a get-upload-url answer (the signed uploadUrl, local storage)
         * @description The body is the raw file, streamed; Content-Type must be the type the upload URL was issued for. The URL is signed and can be used once.
         */
        put: operations["uploadMediaFile"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/media/files/{path}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A stored media file (local storage); supports Range requests */
        get: operations["getMediaFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mcp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** MCP (Model Context Protocol) over streamable HTTP, stateless: one JSON-RPC message, or a batch of up to 100, per POST */
        post: operations["mcpRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        DatabaseHealthResponse: {
            /** @enum {string} */
            status: "up" | "down";
            /** @enum {string} */
            state: "disconnected" | "connected" | "connecting" | "disconnecting" | "unknown";
            /** @description The embedded database (no MONGODB_URI) */
            embedded: boolean;
            /** @description Time the ping took (or took to fail), ms */
            pingMs: number;
        };
        HealthResponse: {
            /** @enum {string} */
            status: "ok" | "error";
            database: components["schemas"]["DatabaseHealthResponse"];
        };
        RegisterDto: {
            /**
             * @description Stored trimmed and lower-cased
             * @example me@example.com
             */
            email: string;
            password: string;
        };
        UserResponse: {
            /** @example 665f1c2b9d3e4a0012345678 */
            id: string;
            /** @example you@example.com */
            email: string;
            /** @enum {string} */
            plan: "starter" | "pro" | "premium";
            isAdmin: boolean;
            /** @description The owner, for a managed (workspace) user */
            parentUserId: string | null;
            workspacesEnabled: boolean;
            apiAccess: boolean;
            mcpAccess: boolean;
            seats: number;
        };
        SessionUserResponse: {
            user: components["schemas"]["UserResponse"];
        };
        ErrorResponse: {
            /** @example Post group not found */
            error: string;
        };
        LoginDto: {
            email: string;
            password: string;
        };
        MessageResponse: {
            /** @example Logged out */
            message: string;
        };
        ApiKeyResponse: {
            /** @example 665f1c2b9d3e4a0012345678 */
            _id: string;
            /** @example CI key */
            name: string;
            /** @example sk_mwu7a27r_4713caee618c */
            keyPrefix: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            lastUsedAt: string | null;
        };
        ApiKeyListResponse: {
            apiKeys: components["schemas"]["ApiKeyResponse"][];
        };
        CreateApiKeyDto: {
            /** @description HTML is stripped; empty → `Default` */
            name?: string | null;
        };
        CreatedApiKeyResponse: {
            /** @example 665f1c2b9d3e4a0012345678 */
            _id: string;
            /** @example CI key */
            name: string;
            /** @example sk_mwu7a27r_4713caee618c */
            keyPrefix: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            lastUsedAt: string | null;
            /** @description The whole key, shown only in this answer */
            rawKey: string;
        };
        ApiKeyCreatedResponse: {
            /** @example API key created successfully */
            message: string;
            apiKey: components["schemas"]["CreatedApiKeyResponse"];
        };
        RenameApiKeyDto: {
            name: string;
        };
        ApiKeyUpdatedResponse: {
            /** @example API key updated successfully */
            message: string;
            apiKey: components["schemas"]["ApiKeyResponse"];
        };
        AuditActorModel: {
            /** @enum {string} */
            type: "owner" | "member" | "api_key" | "mcp" | "review_link" | "system";
            /** @description A review link’s id */
            linkId?: string;
            /** @description The name a review link’s visitor gave */
            name?: string;
            userId?: string;
            email?: string;
            /** @description A member's role when they acted */
            role?: string;
            /** @description The API key’s public prefix (never the key) */
            keyPrefix?: string;
        };
        AuditTargetResponse: {
            /** @description post_group | connection | api_key | webhook | member | invite | account */
            type: string;
            id: string;
        };
        AuditEntryModel: {
            id: string;
            /** Format: date-time */
            at: string;
            /** @description e.g. post.created, api_key.revoked (docs/audit.md) */
            action: string;
            actor: components["schemas"]["AuditActorModel"];
            target: components["schemas"]["AuditTargetResponse"] | (never | null);
            /** @description What the action changed (docs/audit.md); never a secret */
            details: {
                [key: string]: unknown;
            } | null;
        };
        AuditPageResponse: {
            entries: components["schemas"]["AuditEntryModel"][];
            page: number;
            limit: number;
            total: number;
            /** @enum {boolean} */
            success: true;
        };
        ConnectionLastErrorResponse: {
            message: string;
            occurredAt: string;
        };
        ConnectionResponse: {
            /** @example mastodon-109000001 */
            platformId: string;
            username: string;
            displayName: string | null;
            profileImageUrl: string | null;
            profileUrl: string | null;
            accessTokenExpiresAt: string | null;
            /** @enum {string} */
            tokenStatus: "valid" | "expiring_soon" | "expired" | "unknown";
            /** @example 12d 4h */
            tokenExpiresIn: string | null;
            lastSuccessfulPost: string | null;
            lastError: components["schemas"]["ConnectionLastErrorResponse"] | (never | null);
            /**
             * @description Only on an account whose token the platform refused to renew: reconnect it before its posts can publish (docs/connections.md)
             * @enum {string}
             */
            health?: "reauth_required";
            /** @description With health: the platform's words */
            healthReason?: string | null;
            /** @description With health: when the refusal was seen */
            reauthRequiredAt?: string | null;
            /** @description Only when a feature (reading metrics) found a permission missing: which to grant, in the platform’s words. Reconnect the account and allow it. */
            missingPermission?: string;
        };
        ConnectionListResponse: {
            success: boolean;
            connections: components["schemas"]["ConnectionResponse"][];
        };
        ConnectionTestResponse: {
            platform: string;
            platformId: string;
            username: string;
            /** @enum {string} */
            status: "ok" | "error";
            message: string;
            permissions: string[];
            tokenExpiresIn: string | null;
            lastSuccessfulPost: string | null;
            lastError: components["schemas"]["ConnectionLastErrorResponse"] | (never | null);
        };
        UnpublishErrorDto: {
            code: string;
            message: string;
            /** @enum {string} */
            category: "auth_expired" | "permission_missing" | "rate_limited" | "content_rejected" | "media_rejected" | "platform_unavailable" | "network" | "outcome_unknown" | "configuration" | "unknown";
            hint: string;
            failedAt: string;
        };
        FirstCommentDto: {
            /** @description The comment as it is (or was) sent */
            content: string;
            /**
             * @description Its own outcome: a failed comment never fails the post
             * @enum {string}
             */
            status: "pending" | "processing" | "published" | "failed";
            /** @description Platform-native id of the comment or reply, once published */
            postedId?: string;
            publishedUrl?: string;
            publishedAt?: string;
            /** @description Only when failed: code, message, category, hint, failedAt */
            error?: components["schemas"]["UnpublishErrorDto"];
        };
        ListedPlatform: {
            /** @example linkedin-abc123 */
            platformId: string;
            /** @example linkedin */
            platform: string;
            /** @enum {string} */
            status: "pending" | "scheduled" | "processing" | "published" | "failed" | "unpublished";
            /** @description Only when this account publishes its own text (an override): that text */
            content?: string;
            /**
             * @description Present (true) only with an override
             * @enum {boolean}
             */
            contentOverridden?: true;
            /** @description Only on a post with a first comment */
            firstComment?: components["schemas"]["FirstCommentDto"];
        };
        ListedPostDto: {
            postGroupId: string;
            content: string;
            /** @enum {string} */
            status: "draft" | "scheduled" | "published" | "failed" | "partially_published";
            scheduledTime?: string;
            createdAt: string;
            updatedAt: string;
            platforms: components["schemas"]["ListedPlatform"][];
            mediaUrls: string[];
            /**
             * @description Present (true) only on a post the queue placed
             * @enum {boolean}
             */
            fromQueue?: true;
        };
        PaginationDto: {
            page: number;
            limit: number;
            totalItems: number;
            totalPages: number;
            hasNextPage: boolean;
            hasPrevPage: boolean;
        };
        ListPostsResponse: {
            /** @example true */
            success: boolean;
            posts: components["schemas"]["ListedPostDto"][];
            pagination: components["schemas"]["PaginationDto"];
        };
        CreatePostDto: {
            /**
             * @description Post text; empty or whitespace-only is refused, as are NUL and the other control characters except tab, LF and CR, and unpaired surrogates
             * @example Hello from the API
             */
            content: string;
            /**
             * @description Compound platform ids (`<platform>-<id>`, pattern `^[a-z]+-[a-zA-Z0-9_-]+$`) as GET platform-connections lists them (every listed id matches it), or a JSON string of such an array
             * @example [
             *       "linkedin-abc123"
             *     ]
             */
            platforms: string[] | string;
            /**
             * @description ISO 8601 UTC (`YYYY-MM-DDTHH:mm:ss.sssZ`, without milliseconds, or `+00:00`); absent → draft; past → now
             * @example 2030-01-01T10:00:00.000Z
             */
            scheduledTime?: string;
            /** @description Per-platform settings (tiktok, instagram, youtube, threads), object or JSON string; merged over the defaults */
            platformSettings?: {
                [key: string]: unknown;
            } | string;
            /**
             * @description Text per account: from a compound id of `platforms` (`twitter-123`) or a chosen account's platform name (`twitter`) to the text that account publishes instead of `content` (an account's key wins over its platform's); object or JSON string; each text follows `content`'s rules, and the platform's own rules when validated and published (docs/rich-posts.md)
             * @example {
             *       "twitter-123": "Shorter text for X"
             *     }
             */
            contentOverrides?: {
                [key: string]: string;
            } | string;
            /**
             * @description A comment published under the post right after it succeeds (X, Threads, Bluesky, Mastodon: a reply; LinkedIn, Facebook, Instagram, YouTube: a comment); refused when a chosen platform takes none, or when it exceeds a platform's text limit
             * @example Links and hashtags: https://example.com #launch
             */
            firstComment?: string;
        };
        CreatePostResponse: {
            /** @example true */
            success: boolean;
            /** @example 665f1c2b9d3e4a0012345678 */
            postGroupId: string;
        };
        BlockedPlatformResponse: {
            /** @example linkedin */
            platformSelection: string;
            used: number;
            remaining: number;
        };
        LimitExceededResponse: {
            /** @example Post limit reached */
            error: string;
            /** @enum {string} */
            code: "POST_LIMIT_REACHED" | "SCHEDULED_POST_LIMIT_REACHED" | "SCHEDULE_HORIZON_REACHED" | "PLATFORM_NOT_AVAILABLE" | "CONNECTIONS_OVER_LIMIT";
            /** @example posts.platform_monthly */
            metric: string;
            message: string;
            limit: number;
            used: number | null;
            requested: number | null;
            remaining: number | null;
            periodStart: string;
            periodEnd: string;
            planName: string;
            /** @enum {string} */
            scope?: "account" | "connection";
            blockedPlatforms?: components["schemas"]["BlockedPlatformResponse"][];
            scheduledTime?: string;
            /** @description SCHEDULE_HORIZON_REACHED: the latest time the plan allows */
            maxScheduledDate?: string;
            /** @description CONNECTIONS_OVER_LIMIT: channels to disconnect */
            overLimitBy?: number;
            disallowedPlatforms?: string[];
            allowedPlatforms?: string[];
        };
        PlatformPostErrorDto: {
            /** @example PLATFORM_AUTH_EXPIRED */
            code: string;
            message: string;
            retryable: boolean;
            platformStatusCode?: number;
            platformError: string | null;
            failedAt: string;
        };
        PlatformPostDto: {
            postId: string;
            platform: string;
            /** @description The compound id without its `<platform>-` prefix (Bluesky: the DID encoded as in the connection list, not the DID) */
            platformId: string;
            /** @enum {string} */
            status: "pending" | "scheduled" | "processing" | "published" | "failed" | "unpublished";
            /** @description What this account publishes: its override (contentOverrides), else the group's content */
            content: string;
            /**
             * @description Present (true) only when content is this account’s override
             * @enum {boolean}
             */
            contentOverridden?: true;
            /** @description Only on a post with a first comment */
            firstComment?: components["schemas"]["FirstCommentDto"];
            /** @description Platform-native id, once published */
            postedId?: string;
            publishedUrl?: string;
            /** @description Only when failed */
            error?: components["schemas"]["PlatformPostErrorDto"];
            /**
             * @description Only when failed: what a program can branch on (docs/recovery.md)
             * @enum {string}
             */
            errorCategory?: "auth_expired" | "permission_missing" | "rate_limited" | "content_rejected" | "media_rejected" | "platform_unavailable" | "network" | "outcome_unknown" | "configuration" | "unknown";
            /** @description Only when failed: what the person can do about it */
            errorHint?: string;
            /** @description Only when unpublished: when it was deleted from its platform */
            unpublishedAt?: string;
            /** @description Only on a published post whose last unpublish failed */
            unpublishError?: components["schemas"]["UnpublishErrorDto"];
        };
        PostDetailResponse: {
            /** @example true */
            success: boolean;
            postGroupId: string;
            /** @enum {string} */
            status: "draft" | "scheduled" | "published" | "failed" | "partially_published";
            content: string;
            /** @enum {string} */
            processingStatus: "pending" | "processing" | "finished";
            scheduledTime?: string;
            /**
             * @description Present (true) only on a post the queue placed
             * @enum {boolean}
             */
            fromQueue?: true;
            /** @description create-post's firstComment, only when given */
            firstComment?: string;
            posts: components["schemas"]["PlatformPostDto"][];
        };
        UpdatePostDto: {
            /**
             * @description Empty string, null and 0 count as absent
             * @enum {string}
             */
            status?: "draft" | "scheduled";
            /**
             * @description ISO 8601 UTC (`YYYY-MM-DDTHH:mm:ss.sssZ`, without milliseconds, or `+00:00`); past → now
             * @example 2030-01-01T10:00:00Z
             */
            scheduledTime?: string;
            /** @description Replaces every override (docs/rich-posts.md): keys are the group's compound ids or platform names; `{}` or null clears them all (each account publishes the group's content). Draft or scheduled groups not yet being published */
            contentOverrides?: {
                [key: string]: string;
            } | string;
            /** @description Sets the first comment; null or "" removes it (same condition) */
            firstComment?: string | null;
        };
        UpdatedPostGroup: {
            _id: string;
            /** @enum {string} */
            status: "draft" | "scheduled";
            /** @description Present when the group has one; the limits service may have moved it */
            scheduledTime?: string;
        };
        UpdatePostResponse: {
            /** @example true */
            success: boolean;
            /** @description Post scheduled successfully | Post rescheduled successfully | Post moved to draft | Scheduled time updated | Post updated successfully */
            message: string;
            postGroup: components["schemas"]["UpdatedPostGroup"];
        };
        SuccessResponse: {
            /** @example true */
            success: boolean;
        };
        PostLogDto: {
            _id: string;
            postGroupId: string;
            postId?: string;
            platform?: string;
            /**
             * @description The spec's six events, or a first comment's (first_comment_attempted, first_comment_published, first_comment_failed)
             * @enum {string}
             */
            event: "scheduled" | "processing" | "publish_attempted" | "publish_succeeded" | "publish_failed" | "status_changed" | "first_comment_attempted" | "first_comment_published" | "first_comment_failed";
            error?: string;
            httpStatus?: number;
            retryCount?: number;
            metadata?: {
                [key: string]: unknown;
            };
            createdAt: string;
            updatedAt: string;
            __v: number;
        };
        PostLogsResponse: {
            /** @example true */
            success: boolean;
            logs: components["schemas"]["PostLogDto"][];
        };
        ConnectionUsageResponse: {
            /** @example linkedin-abc123 */
            platformId: string;
            used: number;
            remaining: number;
        };
        MonthlyPostsUsageResponse: {
            limit: number;
            /**
             * @description account: one pool; connection: each connection has `limit` (paid plans)
             * @enum {string}
             */
            scope: "account" | "connection";
            /** @description Platform posts counted this period, whole billing account */
            used: number;
            /** @description Account scope only; null on connection scope (see byConnection) */
            remaining: number | null;
            byConnection: components["schemas"]["ConnectionUsageResponse"][];
        };
        AllowanceResponse: {
            limit: number;
            used: number;
            remaining: number;
        };
        UsageResponse: {
            /** @example true */
            success: boolean;
            /** @example Pro */
            planName: string;
            /**
             * Format: date-time
             * @description Billing period start (calendar month, UTC)
             */
            periodStart: string;
            /**
             * Format: date-time
             * @description Billing period end (exclusive)
             */
            periodEnd: string;
            monthlyPosts: components["schemas"]["MonthlyPostsUsageResponse"];
            /** @description Scheduled platform posts not yet published */
            scheduledPosts: components["schemas"]["AllowanceResponse"];
            /** @description How far ahead posts may be scheduled; null: no limit */
            scheduleHorizonDays: number | null;
            connections: components["schemas"]["AllowanceResponse"];
            /** @description Platforms the plan includes */
            platforms: ("twitter" | "linkedin" | "instagram" | "threads" | "tiktok" | "youtube" | "facebook" | "bluesky" | "mastodon" | "telegram" | "pinterest")[];
        };
        GetUploadUrlDto: {
            /**
             * @description Trimmed; spaces become underscores; other than letters, digits, `_`, `.`, `-` removed
             * @example photo 1.png
             */
            fileName: string;
            /**
             * @description MIME type the PUT must send (not validated here): application/pdf for a document
             * @example image/png
             */
            contentType: string;
            /**
             * @description Post group the file belongs to (attached only when it is your group)
             * @example 665f1c2b9d3e4a0012345678
             */
            postGroupId: string;
            /**
             * @description Storage key prefix; always send it: without it the upload fails. `document` is a PDF (contentType application/pdf), taken by LinkedIn only
             * @enum {string}
             */
            type?: "image" | "video" | "document";
            /**
             * @description Description of the image or video for screen readers, sent to the platforms that take alt text (within each of the group's platforms' limits); "" or absent: none
             * @example A red bicycle leaning on a brick wall
             */
            altText?: string;
        };
        GetUploadUrlResponse: {
            /** @example true */
            success: boolean;
            /** @description Pre-signed PUT address (1 hour, one use) */
            uploadUrl: string;
            /** @description Public address of the file once uploaded */
            fileUrl: string;
            /** @example 665f1c2b9d3e4a0012345679 */
            mediaId: string;
        };
        SetAltTextDto: {
            /**
             * @description New alt text; "" clears it. Surrounding whitespace is trimmed
             * @example A red bicycle leaning on a brick wall
             */
            altText: string;
        };
        SetAltTextResponse: {
            /** @example true */
            success: boolean;
            /** @example 665f1c2b9d3e4a0012345679 */
            mediaId: string;
            /**
             * @description The alt text as stored ("" when cleared)
             * @example A red bicycle leaning on a brick wall
             */
            altText: string;
        };
        ProcessVideoResponse: {
            /** @description Handle of the background upload; the outcome is on the media record */
            sessionId: string;
        };
        MediaSuccessResponse: {
            /** @example true */
            success: boolean;
        };
        GenerateUploadUrlDto: {
            /** @example clip.mp4 */
            fileName: string;
            /**
             * @description Must start with image/ or video/
             * @example video/mp4
             */
            contentType: string;
            metadata?: {
                [key: string]: unknown;
            };
            /**
             * @description Default: from the content type
             * @enum {string}
             */
            type?: "image" | "video" | "document";
        };
        GenerateUploadUrlResponse: {
            uploadUrl: string;
            /** @description Storage key */
            key: string;
        };
        WebhookView: {
            _id: string;
            name: string;
            url: string;
            events: ("post.scheduled" | "post.published" | "post.failed" | "token.expiring" | "post.partially_published" | "post.retried" | "post.unpublished" | "post.first_comment_published" | "post.first_comment_failed" | "post.approval_requested" | "post.approval_decided" | "connection.reauth_required" | "connection.disconnected")[];
            isActive: boolean;
            failureCount: number;
            lastTriggeredAt?: string;
            createdAt: string;
            updatedAt: string;
            __v: number;
        };
        ListWebhooksResponse: {
            success: boolean;
            webhooks: components["schemas"]["WebhookView"][];
        };
        CreateWebhookDto: {
            /** @example My endpoint */
            name: string;
            /** @example https://example.com/hooks/posts */
            url: string;
            /**
             * @example [
             *       "post.published"
             *     ]
             */
            events: ("post.scheduled" | "post.published" | "post.failed" | "token.expiring" | "post.partially_published" | "post.retried" | "post.unpublished" | "post.first_comment_published" | "post.first_comment_failed" | "post.approval_requested" | "post.approval_decided" | "connection.reauth_required" | "connection.disconnected")[];
        };
        CreatedWebhookView: {
            _id: string;
            name: string;
            url: string;
            events: string[];
            /** @description Signing secret (`whsec_` + 64 hex); shown only here and on regenerate */
            secret: string;
            isActive: boolean;
            createdAt: string;
        };
        CreateWebhookResponse: {
            success: boolean;
            webhook: components["schemas"]["CreatedWebhookView"];
        };
        UpdateWebhookDto: {
            name?: string;
            url?: string;
            events?: ("post.scheduled" | "post.published" | "post.failed" | "token.expiring" | "post.partially_published" | "post.retried" | "post.unpublished" | "post.first_comment_published" | "post.first_comment_failed" | "post.approval_requested" | "post.approval_decided" | "connection.reauth_required" | "connection.disconnected")[];
            isActive?: boolean;
        };
        UpdatedWebhookView: {
            _id: string;
            name: string;
            url: string;
            events: string[];
            isActive: boolean;
            updatedAt: string;
        };
        UpdateWebhookResponse: {
            success: boolean;
            webhook: components["schemas"]["UpdatedWebhookView"];
        };
        WebhookSuccessResponse: {
            /** @example true */
            success: boolean;
        };
        RegenerateSecretResponse: {
            success: boolean;
            secret: string;
        };
        DeliveryAttemptResponse: {
            /** Format: date-time */
            at: string;
            ok: boolean;
            statusCode: number | null;
            error: string | null;
            durationMs: number;
        };
        DeliveryResponse: {
            _id: string;
            webhookId: string;
            /** @enum {string} */
            event: "post.scheduled" | "post.published" | "post.failed" | "token.expiring" | "post.partially_published" | "post.retried" | "post.unpublished" | "post.first_comment_published" | "post.first_comment_failed" | "post.approval_requested" | "post.approval_decided" | "connection.reauth_required" | "connection.disconnected" | "webhook.test";
            /** @enum {string} */
            status: "pending" | "delivered" | "failed" | "cancelled";
            /** @description Attempts made so far */
            attemptCount: number;
            /**
             * Format: date-time
             * @description When the next attempt is due (pending only)
             */
            nextAttemptAt: string | null;
            /** Format: date-time */
            deliveredAt: string | null;
            /** @description The last attempt's HTTP status (null: none yet, or no answer) */
            lastStatusCode: number | null;
            /** @description Why the last attempt failed (`HTTP 500`, `Timed out after 10000 ms`, `Refused: …`) */
            lastError: string | null;
            attempts: components["schemas"]["DeliveryAttemptResponse"][];
            /** @description The exact JSON body sent (and signed) on every attempt */
            payload: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        DeliveryPageResponse: {
            /** @example true */
            success: boolean;
            /** @description Newest first */
            deliveries: components["schemas"]["DeliveryResponse"][];
            pagination: components["schemas"]["PaginationDto"];
        };
        QueuedDeliveryResponse: {
            /** @example true */
            success: boolean;
            delivery: components["schemas"]["DeliveryResponse"];
        };
        DashboardUpdateWebhookDto: {
            /** @description "" clears the name */
            name?: string;
            url?: string;
            /** @description Not empty */
            events?: ("post.scheduled" | "post.published" | "post.failed" | "token.expiring" | "post.partially_published" | "post.retried" | "post.unpublished" | "post.first_comment_published" | "post.first_comment_failed" | "post.approval_requested" | "post.approval_decided" | "connection.reauth_required" | "connection.disconnected")[];
            /** @description Also the form strings "true" and "false" */
            isActive?: boolean;
        };
        WebhookDeliveriesResponse: {
            /** @example true */
            success: boolean;
            deliveries: components["schemas"]["DeliveryResponse"][];
        };
        PlannedMediaDto: {
            /** @example video/mp4 */
            contentType: string;
            /** @description Size in bytes (checked against the platforms' limits when given) */
            size?: number;
            /** @description The file's alt text, checked against each platform's alt text limit (as get-upload-url's altText) */
            altText?: string;
        };
        ValidatePostDto: {
            /**
             * @description Post text; empty or whitespace-only is refused, as are NUL and the other control characters except tab, LF and CR, and unpaired surrogates
             * @example Hello from the API
             */
            content: string;
            /**
             * @description Compound platform ids (`<platform>-<id>`, pattern `^[a-z]+-[a-zA-Z0-9_-]+$`) as GET platform-connections lists them (every listed id matches it), or a JSON string of such an array
             * @example [
             *       "linkedin-abc123"
             *     ]
             */
            platforms: string[] | string;
            /**
             * @description ISO 8601 UTC (`YYYY-MM-DDTHH:mm:ss.sssZ`, without milliseconds, or `+00:00`); absent → draft; past → now
             * @example 2030-01-01T10:00:00.000Z
             */
            scheduledTime?: string;
            /** @description Per-platform settings (tiktok, instagram, youtube, threads), object or JSON string; merged over the defaults */
            platformSettings?: {
                [key: string]: unknown;
            } | string;
            /**
             * @description Text per account: from a compound id of `platforms` (`twitter-123`) or a chosen account's platform name (`twitter`) to the text that account publishes instead of `content` (an account's key wins over its platform's); object or JSON string; each text follows `content`'s rules, and the platform's own rules when validated and published (docs/rich-posts.md)
             * @example {
             *       "twitter-123": "Shorter text for X"
             *     }
             */
            contentOverrides?: {
                [key: string]: string;
            } | string;
            /**
             * @description A comment published under the post right after it succeeds (X, Threads, Bluesky, Mastodon: a reply; LinkedIn, Facebook, Instagram, YouTube: a comment); refused when a chosen platform takes none, or when it exceeds a platform's text limit
             * @example Links and hashtags: https://example.com #launch
             */
            firstComment?: string;
            /** @description Media to be attached after create-post; without it, platforms that need media get a warning */
            media?: components["schemas"]["PlannedMediaDto"][];
        };
        RejectionResponse: {
            /**
             * @description Its error message (plus the limit-exceeded fields for plan limits)
             * @example Post limit reached
             */
            error: string;
            /** @enum {string} */
            code?: "POST_LIMIT_REACHED" | "SCHEDULED_POST_LIMIT_REACHED" | "SCHEDULE_HORIZON_REACHED" | "PLATFORM_NOT_AVAILABLE" | "CONNECTIONS_OVER_LIMIT";
            /** @example posts.platform_monthly */
            metric?: string;
            message?: string;
            limit?: number;
            used?: number | null;
            requested?: number | null;
            remaining?: number | null;
            periodStart?: string;
            periodEnd?: string;
            planName?: string;
            /** @enum {string} */
            scope?: "account" | "connection";
            blockedPlatforms?: components["schemas"]["BlockedPlatformResponse"][];
            scheduledTime?: string;
            /** @description SCHEDULE_HORIZON_REACHED: the latest time the plan allows */
            maxScheduledDate?: string;
            /** @description CONNECTIONS_OVER_LIMIT: channels to disconnect */
            overLimitBy?: number;
            disallowedPlatforms?: string[];
            allowedPlatforms?: string[];
            /**
             * @description The status create-post would answer
             * @example 403
             */
            status: number;
        };
        PlatformVerdictResponse: {
            /** @example mastodon-109876 */
            platformId: string;
            /** @example mastodon */
            platform: string;
            /** @description No problems: publishing would go ahead */
            ok: boolean;
            /** @description How many posts it goes out as (more than one: an auto-thread; an override is split by itself) */
            parts: number;
            /**
             * @description Present (true) only when this account has an override: parts and problems are that text's
             * @enum {boolean}
             */
            contentOverridden?: true;
            /** @description What would make publishing fail */
            problems: string[];
            /** @description Worth knowing; would not fail by itself */
            warnings: string[];
        };
        ValidatePostResponse: {
            /** @example true */
            success: boolean;
            /** @description create-post would accept it and every platform would publish it */
            valid: boolean;
            /**
             * @description What create-post would store; null when it would refuse
             * @enum {string|null}
             */
            status: "draft" | "scheduled" | null;
            /** Format: date-time */
            scheduledTime: string | null;
            /** @description Moved later to keep the minimum spacing between posts of a connection */
            scheduledTimeAdjusted: boolean;
            rejection: components["schemas"]["RejectionResponse"] | (never | null);
            platforms: components["schemas"]["PlatformVerdictResponse"][];
        };
        QueueTimeZoneResponse: {
            /** @example true */
            success: boolean;
            /**
             * @description The account's default zone for queue schedules (UTC until set)
             * @example Europe/Berlin
             */
            timeZone: string;
        };
        QueueTimeZoneDto: {
            /**
             * @description IANA time zone
             * @example Europe/Berlin
             */
            timeZone: string;
        };
        QueueSlotDto: {
            /** @enum {string} */
            weekday: "monday" | "tuesday" | "wednesday" | "thursday" | "friday" | "saturday" | "sunday";
            /**
             * @description HH:mm, 24-hour, in the schedule’s time zone
             * @example 09:00
             */
            time: string;
        };
        QueueScheduleDto: {
            /** @example linkedin-abc123 */
            platformId: string;
            /** @description false: never set; the defaults are shown */
            configured: boolean;
            /**
             * @description The zone its slots are in
             * @example Europe/Berlin
             */
            timeZone: string;
            /**
             * @description connection: its own zone; account: it follows the account's default zone
             * @enum {string}
             */
            timeZoneSource: "connection" | "account";
            slots: components["schemas"]["QueueSlotDto"][];
            paused: boolean;
        };
        QueueScheduleResponse: {
            /** @example true */
            success: boolean;
            schedule: components["schemas"]["QueueScheduleDto"];
        };
        ReplaceScheduleDto: {
            /**
             * @description IANA time zone; absent or null: the account's default zone (PUT /api/v1/queue/time-zone; UTC until set)
             * @example Europe/Berlin
             */
            timeZone?: string | null;
            /** @description The week's slots, at most 70, no two alike; default none */
            slots?: components["schemas"]["QueueSlotDto"][];
            /** @description A paused schedule gives no free slots; default false */
            paused?: boolean;
        };
        NextSlotsResponse: {
            /** @example true */
            success: boolean;
            /** @description ISO 8601 UTC instants, earliest first */
            slots: string[];
        };
        AddToQueueDto: {
            /** @description A draft to queue (24-character hexadecimal id); without it, the new post below */
            postGroupId?: string;
            /** @description As create-post (a new post) */
            content?: string;
            /** @description As create-post (a new post): compound connection ids */
            platforms?: string[];
            /** @description As create-post (a new post) */
            platformSettings?: {
                [key: string]: unknown;
            };
            /** @description As create-post (a new post): text per account */
            contentOverrides?: {
                [key: string]: string;
            };
            /** @description As create-post (a new post) */
            firstComment?: string;
        };
        AddToQueueResponse: {
            /** @example true */
            success: boolean;
            /** @example 665f1c2b9d3e4a0012345678 */
            postGroupId: string;
            /**
             * Format: date-time
             * @description The slot it got (ISO 8601 UTC); the post is scheduled then
             */
            scheduledTime: string;
        };
        QueuedPostDto: {
            postGroupId: string;
            content: string;
            /**
             * @description draft: held, no slot while a schedule of its accounts gives none
             * @enum {string}
             */
            status: "scheduled" | "draft";
            /**
             * Format: date-time
             * @description Its slot (scheduled posts)
             */
            scheduledTime?: string;
            /**
             * Format: date-time
             * @description Its place: its slot, or the last one it had while held
             */
            queuedFor: string;
            /** @description Compound connection ids it posts to */
            platforms: string[];
        };
        QueueDto: {
            /** @example linkedin-abc123 */
            platformId: string;
            schedule: components["schemas"]["QueueScheduleDto"];
            /** @description In queue order */
            posts: components["schemas"]["QueuedPostDto"][];
        };
        QueueResponse: {
            /** @example true */
            success: boolean;
            queue: components["schemas"]["QueueDto"];
        };
        ReorderQueueDto: {
            /**
             * @description compact: close the gaps, in order; shuffle: a random order from the earliest free slots
             * @enum {string}
             */
            order: "compact" | "shuffle";
        };
        MoveInQueueDto: {
            postGroupId: string;
            /**
             * @description Swap places with the post before (up) or after (down)
             * @enum {string}
             */
            direction: "up" | "down";
        };
        RetryPostBody: {
            /** @description Connections to retry, compound (`twitter-123`) or as get-post shows them; default: every failed platform post of the group */
            platformIds?: string[];
            /** @description Also retry posts whose earlier outcome is unknown (PUBLISH_OUTCOME_UNKNOWN): they may publish twice */
            force?: boolean;
        };
        RetriedPostDto: {
            postId: string;
            platform: string;
            /** @description Compound connection id */
            platformId: string;
            /** @description When the engine takes it up (now, or later to keep the minimum spacing) */
            scheduledTime: string;
            /** @description Its earlier outcome was unknown: it may publish twice */
            forced: boolean;
        };
        RetryPostResponse: {
            /** @example true */
            success: boolean;
            postGroupId: string;
            /** @enum {string} */
            status: "scheduled";
            retried: components["schemas"]["RetriedPostDto"][];
            /** @description Present on a forced retry: says the post may publish twice */
            warning?: string;
        };
        UnpublishPostBody: {
            /** @description Connections to unpublish from; default: every published platform post of the group */
            platformIds?: string[];
        };
        RecoveryErrorDto: {
            /** @example PLATFORM_AUTH_EXPIRED */
            code: string;
            message: string;
            /** @enum {string} */
            category: "auth_expired" | "permission_missing" | "rate_limited" | "content_rejected" | "media_rejected" | "platform_unavailable" | "network" | "outcome_unknown" | "configuration" | "unknown";
            hint: string;
        };
        UnpublishOutcomeDto: {
            postId: string;
            platform: string;
            platformId: string;
            /**
             * @description published: the platform refused, the post stays up
             * @enum {string}
             */
            status: "unpublished" | "published";
            unpublishedAt?: string;
            error?: components["schemas"]["RecoveryErrorDto"];
        };
        UnpublishPostResponse: {
            /** @example true */
            success: boolean;
            postGroupId: string;
            results: components["schemas"]["UnpublishOutcomeDto"][];
        };
        UnpublishFailedResponse: {
            /** @example Could not unpublish: … */
            error: string;
            results: components["schemas"]["UnpublishOutcomeDto"][];
        };
        MetricErrorDto: {
            code: string;
            message: string;
            /** @description As the error categories of docs/recovery.md; permission_missing names the permission to grant */
            category: string;
            at: string;
        };
        MetricReadingDto: {
            /** @description When the platform was read (ISO 8601) */
            takenAt: string;
            /**
             * @description Counter → value. Shared names where they apply (likes, reposts, replies, impressions, views; accounts: followers, following, posts), the platform’s other counters under its own names. A counter the platform does not give is absent, never 0.
             * @example {
             *       "likes": 12,
             *       "reposts": 3,
             *       "replies": 1,
             *       "impressions": 940,
             *       "quote_count": 0
             *     }
             */
            values: {
                [key: string]: number;
            };
        };
        PostMetricsDto: {
            postId: string;
            platform: string;
            /** @description Compound connection id */
            platformId: string;
            postedId?: string;
            /** @enum {string} */
            collection: "collecting" | "complete" | "ended" | "not_supported" | "not_published";
            /** @description When the next reading is due */
            nextCollectionAt?: string;
            /** @description Why no more readings are taken (e.g. the post is gone from the platform) */
            endedBecause?: string;
            /** @description The last failed reading */
            lastError?: components["schemas"]["MetricErrorDto"];
            latest: components["schemas"]["MetricReadingDto"] | (never | null);
            /** @description Every reading, oldest first */
            series: components["schemas"]["MetricReadingDto"][];
        };
        PostMetricsResponse: {
            /** @example true */
            success: boolean;
            postGroupId: string;
            posts: components["schemas"]["PostMetricsDto"][];
        };
        AccountMetricsDayDto: {
            /** @description When the platform was read (ISO 8601) */
            takenAt: string;
            /**
             * @description Counter → value. Shared names where they apply (likes, reposts, replies, impressions, views; accounts: followers, following, posts), the platform’s other counters under its own names. A counter the platform does not give is absent, never 0.
             * @example {
             *       "likes": 12,
             *       "reposts": 3,
             *       "replies": 1,
             *       "impressions": 940,
             *       "quote_count": 0
             *     }
             */
            values: {
                [key: string]: number;
            };
            /**
             * @description UTC day
             * @example 2026-11-30
             */
            date: string;
        };
        AccountMetricsResponse: {
            /** @example true */
            success: boolean;
            platformId: string;
            platform: string;
            from: string;
            to: string;
            /** @enum {string} */
            collection: "collecting" | "not_supported";
            lastError?: components["schemas"]["MetricErrorDto"];
            /** @description The last reading of each UTC day in the range, oldest first */
            days: components["schemas"]["AccountMetricsDayDto"][];
            latest: components["schemas"]["MetricReadingDto"] | (never | null);
        };
        TopPostDto: {
            postId: string;
            postGroupId: string;
            platform: string;
            platformId: string;
            postedId: string;
            publishedUrl?: string;
            publishedAt: string;
            /** @description The ranked value */
            value: number;
            latest: components["schemas"]["MetricReadingDto"];
        };
        TopPostsResponse: {
            /** @example true */
            success: boolean;
            from: string;
            to: string;
            /** @example engagement */
            metric: string;
            /** @description Highest first; posts without the counter are left out */
            posts: components["schemas"]["TopPostDto"][];
        };
        BestTimeCellDto: {
            /** @description 1 = Monday … 7 = Sunday, in the zone asked for */
            weekday: number;
            /** @description 0-23 */
            hour: number;
            posts: number;
            /** @description Mean of likes + reposts + replies of the posts published then */
            averageEngagement: number;
        };
        BestTimesResponse: {
            /** @example true */
            success: boolean;
            timeZone: string;
            /** @description Posts with metrics counted */
            posts: number;
            /** @description False below 10 posts: the cells say too little */
            enough: boolean;
            message?: string;
            /** @description Cells with at least one post, by weekday then hour */
            cells: components["schemas"]["BestTimeCellDto"][];
        };
        BulkPostRowDto: {
            /**
             * @description create-post's content
             * @example Hello from a spreadsheet
             */
            content: string;
            /**
             * @description Compound platform ids (`<platform>-<id>`), as create-post's `platforms` (which is accepted as an alias); in CSV separated by `|` (or `;`, `,`, spaces)
             * @example [
             *       "linkedin-abc123",
             *       "bluesky-did_plc_xyz"
             *     ]
             */
            accounts: string[];
            /**
             * @description ISO 8601 UTC as create-post takes it; the word `queue` for the accounts' next free queue slot; absent or empty: a draft
             * @example 2030-01-01T10:00:00.000Z
             */
            scheduledTime?: string;
            /** @description create-post's text per account (keys: compound ids from accounts, or their platform names); in CSV a JSON object */
            contentOverrides?: {
                [key: string]: string;
            };
            /** @description create-post's first comment */
            firstComment?: string;
            /** @description create-post's platformSettings; in CSV a JSON object */
            platformSettings?: {
                [key: string]: unknown;
            };
            /** @description Files to attach, fetched by the service (public http(s) addresses only) into storage; in CSV separated by `|`. At most 20 media per row */
            mediaUrls?: string[];
            /** @description Your uploaded media not yet attached to a post (24 hexadecimal characters each) */
            mediaIds?: string[];
        };
        BulkCreatePostsDto: {
            /** @description 1 to 1000 rows */
            rows: components["schemas"]["BulkPostRowDto"][];
            /**
             * @description `all`: nothing is created unless every row is; `partial`: the valid rows are created
             * @default all
             * @enum {string}
             */
            mode: "all" | "partial";
        };
        ExportedPlatformPostErrorDto: {
            code: string;
            message: string;
            /** @enum {string} */
            category: "auth_expired" | "permission_missing" | "rate_limited" | "content_rejected" | "media_rejected" | "platform_unavailable" | "network" | "outcome_unknown" | "configuration" | "unknown";
        };
        ExportedPlatformPostDto: {
            postId: string;
            /** @description Compound id, as accounts names it */
            platformId: string;
            platform: string;
            /** @enum {string} */
            status: "pending" | "scheduled" | "processing" | "published" | "failed" | "unpublished";
            postedId?: string;
            publishedUrl?: string;
            publishedAt?: string;
            /** @description Only when failed */
            error?: components["schemas"]["ExportedPlatformPostErrorDto"];
            firstComment?: components["schemas"]["FirstCommentDto"];
            /** @description The latest engagement reading (docs/engagement.md); null when none */
            metrics: components["schemas"]["MetricReadingDto"] | (never | null);
        };
        ExportedPostDto: {
            postGroupId: string;
            /** @enum {string} */
            status: "draft" | "scheduled" | "published" | "failed" | "partially_published";
            content: string;
            accounts: string[];
            scheduledTime?: string;
            contentOverrides?: {
                [key: string]: string;
            };
            firstComment?: string;
            /** @description As stored: the given settings merged over the defaults */
            platformSettings: {
                [key: string]: unknown;
            };
            mediaUrls: string[];
            /** @enum {boolean} */
            fromQueue?: true;
            createdAt: string;
            updatedAt: string;
            platformPosts: components["schemas"]["ExportedPlatformPostDto"][];
        };
        ExportPostsResponse: {
            /** @example true */
            success: boolean;
            exportedAt: string;
            posts: components["schemas"]["ExportedPostDto"][];
            count: number;
        };
        BulkRowResultDto: {
            row: number;
            line?: number;
            success: boolean;
            /** @description Created rows: the new post group */
            postGroupId?: string;
            /**
             * @description Created rows: its status
             * @enum {string}
             */
            status?: "draft" | "scheduled";
            /** @description Created scheduled rows: the stored time (after the clamp to now, spacing or the queue slot) */
            scheduledTime?: string;
            /** @description Refused rows */
            httpStatus?: number;
            /** @description Refused rows */
            error?: string;
            details?: {
                [key: string]: unknown;
            };
        };
        BulkCreateResponse: {
            /** @example true */
            success: boolean;
            /** @enum {string} */
            mode: "all" | "partial";
            total: number;
            created: number;
            failed: number;
            /** @description One per row, in order: `{ row, success, postGroupId | error }` */
            results: components["schemas"]["BulkRowResultDto"][];
        };
        BulkRowErrorDto: {
            /** @description Row number: 1 is rows[0], or the first record after the CSV header */
            row: number;
            /** @description CSV: the line the record starts on (the header is line 1) */
            line?: number;
            /**
             * @description The status create-post would answer (400, 403 for plan limits)
             * @example 403
             */
            httpStatus: number;
            /**
             * @description create-post's message, or the row's own (media)
             * @example Post limit reached
             */
            error: string;
            /** @description The rest of create-post's error body (the limit-exceeded fields) */
            details?: {
                [key: string]: unknown;
            };
        };
        BulkRefusalResponse: {
            /** @example Post group not found */
            error: string;
            /** @description All or nothing refused: rows in the request */
            total?: number;
            /** @description All or nothing refused: every refused row */
            errors?: components["schemas"]["BulkRowErrorDto"][];
        };
        BulkRowPreviewDto: {
            row: number;
            line?: number;
            /** @description create-post would create it, after the rows before it */
            success: boolean;
            /** @description And every account would publish it (validate-post) */
            valid: boolean;
            /** @enum {string} */
            status?: "draft" | "scheduled";
            scheduledTime?: string;
            httpStatus?: number;
            error?: string;
            details?: {
                [key: string]: unknown;
            };
            /** @description validate-post's verdict per account */
            platforms?: components["schemas"]["PlatformVerdictResponse"][];
        };
        BulkValidationResponse: {
            /** @example true */
            success: boolean;
            /** @description Every row would be created and published as it is */
            valid: boolean;
            total: number;
            accepted: number;
            refused: number;
            results: components["schemas"]["BulkRowPreviewDto"][];
        };
        AnalyticsUpstreamErrorDoc: {
            /** @example LinkedIn denied access to this analytics data */
            error: string;
            /**
             * @description LinkedIn's message
             * @example Not enough permissions to access: memberCreatorPostAnalytics.GET.20240501
             */
            details?: string;
        };
        DatePartsResponse: {
            /** @example 2026 */
            year: number;
            /** @example 1 */
            month: number;
            /** @example 31 */
            day: number;
        };
        DateRangeResponse: {
            start: components["schemas"]["DatePartsResponse"];
            /** @description Exclusive: the next day */
            end: components["schemas"]["DatePartsResponse"];
        };
        DailyCountResponse: {
            count: number | null;
            dateRange: components["schemas"]["DateRangeResponse"];
        };
        DatePartsDoc: {
            /** @example 2024 */
            year: number;
            /** @example 5 */
            month: number;
            /** @example 4 */
            day: number;
        };
        DateRangeDoc: {
            start: components["schemas"]["DatePartsDoc"];
            end: components["schemas"]["DatePartsDoc"];
        };
        LinkedInFollowersRequest: {
            /**
             * @description Compound id of a LinkedIn connection
             * @example linkedin-abc123
             */
            platformId: string;
            /**
             * @description Case-insensitive
             * @default lifetime
             * @enum {string}
             */
            period: "lifetime" | "daily";
            /** @description Required when period is daily */
            dateRange?: components["schemas"]["DateRangeDoc"];
        };
        DailyPointResponse: {
            /** @example 2026-01-31 */
            date: string;
            count: number | null;
        };
        FollowersResponseDoc: {
            /** @example true */
            success: boolean;
            /** @description lifetime: the follower count */
            followersCount?: number | null;
            /** @description daily: one point per day */
            data?: components["schemas"]["DailyPointResponse"][];
            /** @description daily: growth over the range */
            totalGrowth?: number;
            /** @description Answered from the cache */
            cached: boolean;
        };
        LinkedInProfileSummaryRequest: {
            /** @example linkedin-abc123 */
            platformId: string;
            /** @description Adds followers.periodGrowth; post totals cover the range */
            dateRange?: components["schemas"]["DateRangeDoc"];
        };
        ProfileFollowersResponse: {
            total: number | null;
            periodGrowth?: number;
        };
        ProfilePostsResponse: {
            totalImpressions: number | null;
            totalMembersReached: number | null;
            totalReactions: number | null;
            totalComments: number | null;
            totalReshares: number | null;
        };
        ProfileResponse: {
            followers: components["schemas"]["ProfileFollowersResponse"];
            posts: components["schemas"]["ProfilePostsResponse"];
        };
        MetricErrorResponse: {
            /** @example impressions */
            metric: string;
            /** @example Failed to fetch metric from LinkedIn */
            error: string;
        };
        ProfileSummaryResponseDoc: {
            /** @description false when some metrics failed (then partialData and errors) */
            success: boolean;
            /** @example true */
            partialData?: boolean;
            profile: components["schemas"]["ProfileResponse"];
            errors?: components["schemas"]["MetricErrorResponse"][];
        };
        ProfileSummaryFailureDoc: {
            /** @example Failed to fetch LinkedIn profile data */
            error: string;
            /** @example false */
            success: boolean;
            errors: components["schemas"]["MetricErrorResponse"][];
        };
        LinkedInPostStatisticsRequest: {
            /**
             * @description Post URN (share or ugcPost) or share id
             * @example urn:li:share:7123456789012345678
             */
            postedId: string;
            /** @example linkedin-abc123 */
            platformId: string;
            /**
             * @description One metric, UPPERCASE
             * @enum {string}
             */
            queryType?: "IMPRESSION" | "MEMBERS_REACHED" | "RESHARE" | "REACTION" | "COMMENT";
            /** @description Several metrics (case-insensitive), a comma-separated string, or ALL; wins over queryType */
            queryTypes?: ("IMPRESSION" | "MEMBERS_REACHED" | "RESHARE" | "REACTION" | "COMMENT" | "ALL")[] | string;
        };
        PostStatisticsResponseDoc: {
            success: boolean;
            /** @description single metric */
            count?: number | null;
            /** @description several metrics */
            metrics?: {
                [key: string]: number | null;
            };
            errors?: components["schemas"]["MetricErrorResponse"][];
            cachedMetrics?: string[];
            cached: boolean;
        };
        LinkedInAccountStatisticsRequest: {
            /**
             * @description Any non-empty string; a LinkedIn-prefixed one is normalised
             * @example linkedin-abc123
             */
            platformId: string;
            /**
             * @description One metric, UPPERCASE
             * @enum {string}
             */
            queryType?: "IMPRESSION" | "MEMBERS_REACHED" | "RESHARE" | "REACTION" | "COMMENT";
            /** @description Several metrics (case-insensitive), a comma-separated string, or ALL; wins over queryType */
            queryTypes?: ("IMPRESSION" | "MEMBERS_REACHED" | "RESHARE" | "REACTION" | "COMMENT" | "ALL")[] | string;
            /**
             * @description Case-insensitive
             * @default TOTAL
             * @enum {string}
             */
            aggregation: "DAILY" | "TOTAL";
            dateRange?: components["schemas"]["DateRangeDoc"];
        };
        AccountStatisticsResponseDoc: {
            success: boolean;
            /** @description single metric: a total (number or null) or, with aggregation DAILY, daily points */
            data?: (number | null) | components["schemas"]["DailyCountResponse"][];
            /** @description several metrics, each as `data` above */
            metrics?: {
                [key: string]: unknown;
            };
            /** @enum {string} */
            aggregation: "DAILY" | "TOTAL";
            errors?: components["schemas"]["MetricErrorResponse"][];
            cachedMetrics?: string[];
            cached: boolean;
        };
        CreateLinkedInReactionRequest: {
            /**
             * @description The post: `urn:li:share:…`, `urn:li:ugcPost:…` or `urn:li:activity:…` (sent to LinkedIn as given)
             * @example urn:li:share:7123456789012345678
             */
            postedId: string;
            /**
             * @description Case-insensitive
             * @example LIKE
             * @enum {string}
             */
            reactionType: "LIKE" | "PRAISE" | "EMPATHY" | "INTEREST" | "APPRECIATION" | "ENTERTAINMENT";
            /**
             * @description Compound id of one of your LinkedIn connections
             * @example linkedin-Tz9W5i6ZYG
             */
            platformId: string;
        };
        LinkedInReactionDoc: {
            /**
             * @description The reaction's key at LinkedIn
             * @example urn:li:reaction:(urn:li:person:Tz9W5i6ZYG,urn:li:activity:7123456789012345678)
             */
            id: string;
            /** @enum {string} */
            reactionType: "LIKE" | "PRAISE" | "EMPATHY" | "INTEREST" | "APPRECIATION" | "ENTERTAINMENT";
            /**
             * @description The member (or page) that reacted
             * @example urn:li:person:Tz9W5i6ZYG
             */
            actor: string;
            /**
             * @description The post, as sent
             * @example urn:li:share:7123456789012345678
             */
            object: string;
        };
        ReactionCreatedResponseDoc: {
            /** @example true */
            success: boolean;
            reaction: components["schemas"]["LinkedInReactionDoc"];
        };
        LinkedInSocialFailureDoc: {
            /** @example Failed to create LinkedIn reaction */
            error: string;
            /**
             * @description LinkedIn's own message (or why no answer came)
             * @example Not enough permissions to access: reactions.CREATE.20251101
             */
            details?: string;
            /**
             * @description LinkedIn's HTTP status, when LinkedIn answered
             * @example 403
             */
            linkedinStatus?: number;
        };
        DeleteLinkedInReactionRequest: {
            /**
             * @description The post: `urn:li:share:…`, `urn:li:ugcPost:…` or `urn:li:activity:…` (sent to LinkedIn as given)
             * @example urn:li:share:7123456789012345678
             */
            postedId: string;
            /**
             * @description Compound id of one of your LinkedIn connections
             * @example linkedin-Tz9W5i6ZYG
             */
            platformId: string;
        };
        ReactionDeletedResponseDoc: {
            /** @example true */
            success: boolean;
            /**
             * @description Always null (LinkedIn answers a delete without a body)
             * @example null
             */
            reaction: {
                [key: string]: unknown;
            } | null;
            /**
             * @description The key of the reaction removed
             * @example urn:li:reaction:(urn:li:person:Tz9W5i6ZYG,urn:li:share:7123456789012345678)
             */
            deleted: string;
        };
        CreateLinkedInCommentRequest: {
            /**
             * @description The post: `urn:li:share:…`, `urn:li:ugcPost:…` or `urn:li:activity:…` (sent to LinkedIn as given)
             * @example urn:li:share:7123456789012345678
             */
            postedId: string;
            /**
             * @description The comment text, sent as written
             * @example Great insights! Thanks for sharing.
             */
            message: string;
            /**
             * @description The comment to reply to (its URN)
             * @example urn:li:comment:(urn:li:activity:7123456789012345678,6636062862760562688)
             */
            parentComment?: string;
            /**
             * @description Compound id of one of your LinkedIn connections
             * @example linkedin-Tz9W5i6ZYG
             */
            platformId: string;
        };
        LinkedInCommentDoc: {
            /**
             * @description LinkedIn's numeric comment id
             * @example 6636062862760562688
             */
            id: string;
            /** @example urn:li:comment:(urn:li:activity:7123456789012345678,6636062862760562688) */
            commentUrn: string;
            /** @example Great insights! Thanks for sharing. */
            message: string;
        };
        CommentCreatedResponseDoc: {
            /** @example true */
            success: boolean;
            comment: components["schemas"]["LinkedInCommentDoc"];
        };
        DeleteLinkedInCommentRequest: {
            /**
             * @description The post: `urn:li:share:…`, `urn:li:ugcPost:…` or `urn:li:activity:…` (sent to LinkedIn as given)
             * @example urn:li:share:7123456789012345678
             */
            postedId: string;
            /**
             * @description The numeric comment id or the comment URN
             * @example 6636062862760562688
             */
            commentId: string;
            /**
             * @description Compound id of one of your LinkedIn connections
             * @example linkedin-Tz9W5i6ZYG
             */
            platformId: string;
        };
        CommentDeletedResponseDoc: {
            /** @example true */
            success: boolean;
            /**
             * @description The commentId given (an id or a URN)
             * @example 6636062862760562688
             */
            deleted: string;
        };
        ManagedUserResponse: {
            /** @example 665f1c2b9d3e4a0012345678 */
            _id: string;
            /** @example client@example.com */
            username: string;
            /** @example Client Ltd */
            displayName: string;
            /** @example managed */
            role: string;
            /**
             * @description Shown for compatibility; not enforced (the owner’s plan limits apply)
             * @example 100
             */
            dailyPostsLeft: number;
            /** @description The current connection link, null when none is valid */
            connectionsPageUrl: string | null;
            /** Format: date-time */
            connectionsPageTokenExpiresAt: string | null;
        };
        ManagedUsersResponse: {
            users: components["schemas"]["ManagedUserResponse"][];
        };
        CreateManagedUserDto: {
            /**
             * @description The managed user’s email (unique; stored lower-cased)
             * @example client@example.com
             */
            username: string;
            /** @description Defaults to the email */
            displayName?: string | null;
        };
        ManagedUserCreatedResponse: {
            user: components["schemas"]["ManagedUserResponse"];
        };
        DetachedResponse: {
            /** @example true */
            success: boolean;
        };
        ManagedUserApiKeyResponse: {
            /** @example API key generated successfully */
            message: string;
            /** @description The full key, shown only here */
            apiKey: string;
            userId: string;
        };
        ConnectionUrlDto: {
            /**
             * @description true: a new link, the previous one stops working; false: the still-valid link is returned again
             * @default false
             */
            rotate: boolean | null;
            /**
             * @description Days until the link expires (positive, at most 365)
             * @default 90
             */
            expiresInDays: number | null;
        };
        ConnectionUrlResponse: {
            /** @example https://scheduler.example.com/connect/3q2-7wX… */
            url: string;
            /** Format: date-time */
            tokenExpiresAt: string;
        };
        InviteDescriptionResponse: {
            email: string;
            /** @enum {string} */
            role: "admin" | "editor" | "viewer";
            accountEmail: string;
            accountName: string | null;
            /** @description Who sent it (null: no longer a user) */
            invitedByEmail: string | null;
            expiresAt: string;
            /** @description An account exists for the address: sign in with it to accept */
            hasAccount: boolean;
        };
        AcceptInviteDto: {
            /** @description Only when no account exists for the invited address: the new account’s password */
            password?: string;
        };
        AcceptedInviteResponse: {
            /** @description The team account the session now acts in */
            accountId: string;
            /** @enum {string} */
            role: "admin" | "editor" | "viewer";
            /** @description The person (their own user) */
            user: components["schemas"]["UserResponse"];
        };
        AwaitingApprovalItem: {
            postGroupId: string;
            content: string;
            platforms: string[];
            /** @description The editor’s user id */
            requestedBy: string;
            /** Format: date-time */
            requestedAt: string;
            /**
             * Format: date-time
             * @description The time asked for (null: as soon as approved, or the queue)
             */
            scheduledTime: string | null;
            /** @description Asked for the next queue slot */
            queue: boolean;
        };
        AwaitingApprovalResponse: {
            /** @enum {boolean} */
            success: true;
            posts: components["schemas"]["AwaitingApprovalItem"][];
        };
        ApprovalDecisionResponse: {
            /** @enum {boolean} */
            success: true;
            postGroupId: string;
            /** @enum {string} */
            state: "approved" | "rejected";
            /** @description The group’s status now: scheduled once approved, draft once rejected */
            status: string;
        };
        RejectPostDto: {
            /** @description Why (at most 2000 characters); told to the editor */
            comment?: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    HealthController_check: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The database answers a ping */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HealthResponse"];
                };
            };
            /** @description The database does not answer (status error) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HealthResponse"];
                };
            };
        };
    };
    AuthController_register: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RegisterDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionUserResponse"];
                };
            };
            /** @description Email and password are required | A valid email is required | Password must be between 8 and 128 characters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Cross-site requests are not allowed (Origin or Sec-Fetch-Site of another site) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Email is already registered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Content-Type must be application/json (routes taking a JSON body) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Too many sign-ups from this address. Try again later. (Retry-After; SIGNUP_LIMIT_PER_HOUR per client address, 409s included) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    AuthController_login: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LoginDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionUserResponse"];
                };
            };
            /** @description Email and password are required */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid email or password */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Cross-site requests are not allowed (Origin or Sec-Fetch-Site of another site) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Content-Type must be application/json (routes taking a JSON body) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Too many failed login attempts. Try again later. (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    AuthController_logout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResponse"];
                };
            };
            /** @description Malformed JSON body */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Cross-site requests are not allowed (Origin or Sec-Fetch-Site of another site) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Content-Type must be application/json (routes taking a JSON body) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    AuthController_me: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionUserResponse"];
                };
            };
            /** @description Authentication required (no valid sps_session cookie) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Cross-site requests are not allowed (Origin or Sec-Fetch-Site of another site) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Content-Type must be application/json (routes taking a JSON body) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ApiKeysController_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyListResponse"];
                };
            };
            /** @description Authentication required (no valid sps_session cookie) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Cross-site requests are not allowed (Origin or Sec-Fetch-Site of another site) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Content-Type must be application/json (routes taking a JSON body) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ApiKeysController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateApiKeyDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyCreatedResponse"];
                };
            };
            /** @description Name must be a string with maximum 100 characters | Maximum of 10 active API keys allowed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authentication required (no valid sps_session cookie) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Your current plan does not include API access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Content-Type must be application/json (routes taking a JSON body) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ApiKeysController_revoke: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                keyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResponse"];
                };
            };
            /** @description Invalid key ID format */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authentication required (no valid sps_session cookie) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Cross-site requests are not allowed (Origin or Sec-Fetch-Site of another site) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description API key not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Content-Type must be application/json (routes taking a JSON body) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ApiKeysController_rename: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                keyId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RenameApiKeyDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyUpdatedResponse"];
                };
            };
            /** @description Invalid key ID format | Name is required | Name must be maximum 100 characters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authentication required (no valid sps_session cookie) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Cross-site requests are not allowed (Origin or Sec-Fetch-Site of another site) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description API key not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Content-Type must be application/json (routes taking a JSON body) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    AuditController_list: {
        parameters: {
            query?: {
                /** @description ISO 8601 */
                to?: string;
                /** @description ISO 8601 */
                from?: string;
                actorType?: "owner" | "member" | "api_key" | "mcp" | "review_link" | "system";
                /** @description e.g. post.created */
                action?: string;
                /** @description 1 to 100 (default 50) */
                limit?: number;
                page?: number;
            };
            header?: {
                /** @description Managed user to act for (workspace mode) */
                "x-service-user-id"?: string;
                /** @description `mcp` for MCP clients (needs MCP access) */
                "x-service-client"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditPageResponse"];
                };
            };
            /** @description page must be a positive integer | limit must be an integer from 1 to 100 | actorType must be one of owner, member, api_key, mcp, review_link, system | from must be an ISO 8601 date | action must be at most 100 characters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description API key is required | Invalid API key | Invalid API key owner */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description API access, MCP access or workspace refusals (docs/auth.md) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Only with RATE_LIMIT_PER_MINUTE set: the key used up its requests for this minute (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Internal server error (an unexpected failure in authentication) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ConnectionsController_list: {
        parameters: {
            query?: never;
            header?: {
                /** @description Managed user to act for (workspace mode) */
                "x-service-user-id"?: string;
                /** @description `mcp` for MCP clients (needs MCP access) */
                "x-service-client"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectionListResponse"];
                };
            };
            /** @description Invalid x-postpost-user-id (x-service-user-id not a 24-character hex id) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description API key is required | Invalid API key | Invalid API key owner */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description API access, MCP access or workspace refusals (docs/auth.md) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Only with RATE_LIMIT_PER_MINUTE set: the key used up its requests for this minute (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Failed to fetch platform connections */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ConnectionsController_test: {
        parameters: {
            query?: never;
            header?: {
                /** @description Managed user to act for (workspace mode) */
                "x-service-user-id"?: string;
                /** @description `mcp` for MCP clients (needs MCP access) */
                "x-service-client"?: string;
            };
            path: {
                platformId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectionTestResponse"];
                };
            };
            /** @description Invalid platformId format */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description API key is required | Invalid API key | Invalid API key owner */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description API access, MCP access or workspace refusals (docs/auth.md) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Connection not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Only with RATE_LIMIT_PER_MINUTE set: the key used up its requests for this minute (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Failed to test connection */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    PostsController_list: {
        parameters: {
            query?: {
                /** @description Below 1 → 1 */
                page?: number;
                /** @description Clamped to 1-100; 0, NaN or empty → 20 */
                limit?: number;
                /** @description Exact group status; empty means all */
                status?: "draft" | "scheduled" | "published" | "failed" | "partially_published";
                sortBy?: "createdAt" | "updatedAt" | "scheduledTime";
                /** @description Any other value counts as desc */
                sortOrder?: "asc" | "desc";
                /** @description Inclusive lower bound on scheduledTime (any parseable date) */
                fromDate?: string;
                /** @description Inclusive upper bound on scheduledTime (any parseable date) */
                toDate?: string;
                /** @description Bare platform name, case-insensitive */
                platform?: "twitter" | "linkedin" | "instagram" | "threads" | "tiktok" | "youtube" | "facebook" | "bluesky" | "mastodon" | "telegram" | "pinterest";
            };
            header?: {
                /** @description Managed user to act for (workspace mode) */
                "x-service-user-id"?: string;
                /** @description `mcp` for MCP clients (needs MCP access) */
                "x-service-client"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListPostsResponse"];
                };
            };
            /** @description Invalid status… | Invalid sortBy… | Invalid fromDate format | Invalid toDate format */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description API key is required | Invalid API key | Invalid API key owner
             *
             *     API key is required | Invalid API key | Invalid API key owner
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description API access / MCP access / workspace errors
             *
             *     API access, MCP access or workspace refusals (docs/auth.md)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Only with RATE_LIMIT_PER_MINUTE set: the key used up its requests for this minute (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Failed to list posts */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    PostsController_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description Managed user to act for (workspace mode) */
                "x-service-user-id"?: string;
                /** @description `mcp` for MCP clients (needs MCP access) */
                "x-service-client"?: string;
                /** @description Optional (1-255 visible ASCII characters): a repeat within 24 h with the same body returns the first response */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreatePostDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatePostResponse"];
                };
            };
            /** @description Content is required | Platforms are required | At least one platform is required | Platforms must be an array | Invalid platforms JSON format | Invalid platform ID format: <id> | Platform connection not found: <id> | Invalid scheduled time format | Invalid platformSettings JSON | platformSettings must be an object | Invalid contentOverrides JSON | contentOverrides must be an object | contentOverrides key "<key>" is not one of the chosen platforms… | firstComment must be a non-empty string | firstComment is not supported on <platforms>… | firstComment exceeds the character limit on <platforms>… | Invalid Idempotency-Key header */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description API key is required | Invalid API key | Invalid API key owner
             *
             *     API key is required | Invalid API key | Invalid API key owner
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Limit-exceeded body */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LimitExceededResponse"];
                };
            };
            /** @description Idempotency-Key reused with a different request body */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Only with RATE_LIMIT_PER_MINUTE set: the key used up its requests for this minute (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Failed to create post group */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    PostsController_get: {
        parameters: {
            query?: never;
            header?: {
                /** @description Managed user to act for (workspace mode) */
                "x-service-user-id"?: string;
                /** @description `mcp` for MCP clients (needs MCP access) */
                "x-service-client"?: string;
            };
            path: {
                /** @description 24-character hexadecimal post group id */
                postGroupId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PostDetailResponse"];
                };
            };
            /** @description Invalid x-postpost-user-id (x-service-user-id not a 24-character hex id) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description API key is required | Invalid API key | Invalid API key owner
             *
             *     API key is required | Invalid API key | Invalid API key owner
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description API access / MCP access / workspace errors
             *
             *     API access, MCP access or workspace refusals (docs/auth.md)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Post group not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Only with RATE_LIMIT_PER_MINUTE set: the key used up its requests for this minute (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Failed to fetch post group (also for a malformed id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    PostsController_update: {
        parameters: {
            query?: never;
            header?: {
                /** @description Managed user to act for (workspace mode) */
                "x-service-user-id"?: string;
                /** @description `mcp` for MCP clients (needs MCP access) */
                "x-service-client"?: string;
            };
            path: {
                /** @description 24-character hexadecimal post group id */
                postGroupId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdatePostDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpdatePostResponse"];
                };
            };
            /** @description Either status or scheduledTime must be provided | Status must be either 'draft' or 'scheduled' | Invalid scheduled time format | Cannot update post: post is currently in {status} status | Cannot edit post: publishing has already started | contentOverrides… | firstComment… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description API key is required | Invalid API key | Invalid API key owner
             *
             *     API key is required | Invalid API key | Invalid API key owner
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Limit-exceeded body */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LimitExceededResponse"];
                };
            };
            /** @description Post group not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Only with RATE_LIMIT_PER_MINUTE set: the key used up its requests for this minute (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Failed to update post (also for a malformed id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    PostsController_remove: {
        parameters: {
            query?: never;
            header?: {
                /** @description Managed user to act for (workspace mode) */
                "x-service-user-id"?: string;
                /** @description `mcp` for MCP clients (needs MCP access) */
                "x-service-client"?: string;
            };
            path: {
                /** @description 24-character hexadecimal post group id */
                postGroupId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessResponse"];
                };
            };
            /** @description Invalid x-postpost-user-id (x-service-user-id not a 24-character hex id) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description API key is required | Invalid API key | Invalid API key owner
             *
             *     API key is required | Invalid API key | Invalid API key owner
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description API access / MCP access / workspace errors
             *
             *     API access, MCP access or workspace refusals (docs/auth.md)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Post group not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Only with RATE_LIMIT_PER_MINUTE set: the key used up its requests for this minute (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Failed to delete post group (rolled back; also for a malformed id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    PostsController_logs: {
        parameters: {
            query?: never;
            header?: {
                /** @description Managed user to act for (workspace mode) */
                "x-service-user-id"?: string;
                /** @description `mcp` for MCP clients (needs MCP access) */
                "x-service-client"?: string;
            };
            path: {
                /** @description 24-character hexadecimal post group id */
                postGroupId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PostLogsResponse"];
                };
            };
            /** @description Invalid x-postpost-user-id (x-service-user-id not a 24-character hex id) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description API key is required | Invalid API key | Invalid API key owner
             *
             *     API key is required | Invalid API key | Invalid API key owner
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description API access / MCP access / workspace errors
             *
             *     API access, MCP access or workspace refusals (docs/auth.md)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Post group not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Only with RATE_LIMIT_PER_MINUTE set: the key used up its requests for this minute (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Failed to get post logs (also for a malformed id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    UsageController_usage: {
        parameters: {
            query?: never;
            header?: {
                /** @description Managed user to act for (workspace mode) */
                "x-service-user-id"?: string;
                /** @description `mcp` for MCP clients (needs MCP access) */
                "x-service-client"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UsageResponse"];
                };
            };
            /** @description Invalid x-postpost-user-id (x-service-user-id not a 24-character hex id) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description API key is required | Invalid API key | Invalid API key owner */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description API access, MCP access or workspace refusals (docs/auth.md) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Only with RATE_LIMIT_PER_MINUTE set: the key used up its requests for this minute (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Failed to read usage */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    MediaController_getUploadUrl: {
        parameters: {
            query?: never;
            header?: {
                /** @description Managed user to act for (workspace mode) */
                "x-service-user-id"?: string;
                /** @description `mcp` for MCP clients (needs MCP access) */
                "x-service-client"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GetUploadUrlDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetUploadUrlResponse"];
                };
            };
            /** @description fileName, contentType, and postGroupId are required | the altText messages of media/{mediaId}/alt-text (length, characters, a platform limit) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description API key is required | Invalid API key | Invalid API key owner */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description API access, MCP access or workspace refusals (docs/auth.md) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Only with RATE_LIMIT_PER_MINUTE set: the key used up its requests for this minute (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Failed to create upload URL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    MediaController_setAltText: {
        parameters: {
            query?: never;
            header?: {
                /** @description Managed user to act for (workspace mode) */
                "x-service-user-id"?: string;
                /** @description `mcp` for MCP clients (needs MCP access) */
                "x-service-client"?: string;
            };
            path: {
                /** @description The mediaId of get-upload-url */
                mediaId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SetAltTextDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SetAltTextResponse"];
                };
            };
            /** @description altText is required (an empty string clears it) | altText must be a string | altText must be at most <n> characters | altText must not contain control characters… | altText is too long for <platform> (<length>/<limit> characters) | Cannot change alt text in a post that has already been published or failed | Cannot change alt text while the post is being published */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description API key is required | Invalid API key | Invalid API key owner */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description API access, MCP access or workspace refusals (docs/auth.md) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Media file not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Only with RATE_LIMIT_PER_MINUTE set: the key used up its requests for this minute (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Failed to set alt text */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    MediaDashboardController_processVideo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** Format: binary */
                    video: string;
                    postGroupId: string;
                };
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProcessVideoResponse"];
                };
            };
            /** @description No video file uploaded | Unsupported video format. Allowed: MP4, MOV, AVI, MKV, WebM | postGroupId is required */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authentication required (no valid sps_session cookie) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Cross-site requests are not allowed (Origin or Sec-Fetch-Site of another site) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Video exceeds the plan upload limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Content-Type must be application/json (routes taking a JSON body) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Failed to process video */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    MediaDashboardController_deleteMedia: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                mediaId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MediaSuccessResponse"];
                };
            };
            /** @description Cannot delete media from a post that has already been published or failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Cross-site requests are not allowed (Origin or Sec-Fetch-Site of another site) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Media file not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Content-Type must be application/json (routes taking a JSON body) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Failed to delete media file */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    MediaDashboardController_generateUploadUrl: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GenerateUploadUrlDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GenerateUploadUrlResponse"];
                };
            };
            /** @description fileName and contentType are required | Only video and image files are allowed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authentication required (no valid sps_session cookie) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Cross-site requests are not allowed (Origin or Sec-Fetch-Site of another site) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Content-Type must be application/json (routes taking a JSON body) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Failed to generate upload URL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    WebhooksController_list: {
        parameters: {
            query?: never;
            header?: {
                /** @description Managed user to act for (workspace mode) */
                "x-service-user-id"?: string;
                /** @description `mcp` for MCP clients (needs MCP access) */
                "x-service-client"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListWebhooksResponse"];
                };
            };
            /** @description Invalid x-postpost-user-id (x-service-user-id not a 24-character hex id) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description API key is required | Invalid API key | Invalid API key owner
             *
             *     API key is required | Invalid API key | Invalid API key owner
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description API access, MCP access or workspace refusals (docs/auth.md) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Only with RATE_LIMIT_PER_MINUTE set: the key used up its requests for this minute (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Failed to list webhooks */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    WebhooksController_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description Managed user to act for (workspace mode) */
                "x-service-user-id"?: string;
                /** @description `mcp` for MCP clients (needs MCP access) */
                "x-service-client"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateWebhookDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateWebhookResponse"];
                };
            };
            /** @description Name, URL, and at least one event are required | Invalid events: … | Invalid URL format | URL must use HTTPS | Localhost URLs are not allowed | Private IP addresses are not allowed | Link-local addresses are not allowed | Cloud metadata endpoints are not allowed | Maximum of 10 webhooks per user */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description API key is required | Invalid API key | Invalid API key owner
             *
             *     API key is required | Invalid API key | Invalid API key owner
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description API access, MCP access or workspace refusals (docs/auth.md) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Only with RATE_LIMIT_PER_MINUTE set: the key used up its requests for this minute (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Failed to create webhook */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    WebhooksController_remove: {
        parameters: {
            query?: never;
            header?: {
                /** @description Managed user to act for (workspace mode) */
                "x-service-user-id"?: string;
                /** @description `mcp` for MCP clients (needs MCP access) */
                "x-service-client"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookSuccessResponse"];
                };
            };
            /** @description Invalid x-postpost-user-id (x-service-user-id not a 24-character hex id) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description API key is required | Invalid API key | Invalid API key owner
             *
             *     API key is required | Invalid API key | Invalid API key owner
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description API access, MCP access or workspace refusals (docs/auth.md) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Webhook not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Only with RATE_LIMIT_PER_MINUTE set: the key used up its requests for this minute (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Failed to delete webhook */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    WebhooksController_update: {
        parameters: {
            query?: never;
            header?: {
                /** @description Managed user to act for (workspace mode) */
                "x-service-user-id"?: string;
                /** @description `mcp` for MCP clients (needs MCP access) */
                "x-service-client"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateWebhookDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpdateWebhookResponse"];
                };
            };
            /** @description Invalid events: … | Invalid URL format | URL must use HTTPS | Localhost URLs are not allowed | Private IP addresses are not allowed | Link-local addresses are not allowed | Cloud metadata endpoints are not allowed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description API key is required | Invalid API key | Invalid API key owner
             *
             *     API key is required | Invalid API key | Invalid API key owner
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description API access, MCP access or workspace refusals (docs/auth.md) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Webhook not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Only with RATE_LIMIT_PER_MINUTE set: the key used up its requests for this minute (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Failed to update webhook */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    WebhooksController_regenerate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Managed user to act for (workspace mode) */
                "x-service-user-id"?: string;
                /** @description `mcp` for MCP clients (needs MCP access) */
                "x-service-client"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RegenerateSecretResponse"];
                };
            };
            /** @description Invalid x-postpost-user-id (x-service-user-id not a 24-character hex id) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description API key is required | Invalid API key | Invalid API key owner
             *
             *     API key is required | Invalid API key | Invalid API key owner
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description API access, MCP access or workspace refusals (docs/auth.md) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Webhook not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Only with RATE_LIMIT_PER_MINUTE set: the key used up its requests for this minute (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Failed to regenerate secret */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    WebhooksController_deliveries: {
        parameters: {
            query?: {
                /** @description Exact outcome; empty means all */
                status?: "pending" | "delivered" | "failed" | "cancelled";
                /** @description Exact event name; empty means all */
                event?: "post.scheduled" | "post.published" | "post.failed" | "token.expiring" | "post.partially_published" | "post.retried" | "post.unpublished" | "post.first_comment_published" | "post.first_comment_failed" | "post.approval_requested" | "post.approval_decided" | "connection.reauth_required" | "connection.disconnected" | "webhook.test";
                /** @description Default 20; clamped to 1-100; 0, NaN or empty → 20 */
                limit?: number;
                /** @description Default 1; below 1 → 1 */
                page?: number;
            };
            header?: {
                /** @description Managed user to act for (workspace mode) */
                "x-service-user-id"?: string;
                /** @description `mcp` for MCP clients (needs MCP access) */
                "x-service-client"?: string;
            };
            path: {
                /** @description Webhook id (24 hex characters) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeliveryPageResponse"];
                };
            };
            /** @description Invalid event. Must be one of: … | Invalid status. Must be one of: … */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description API key is required | Invalid API key | Invalid API key owner
             *
             *     API key is required | Invalid API key | Invalid API key owner
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description API access, MCP access or workspace refusals (docs/auth.md) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Webhook not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Only with RATE_LIMIT_PER_MINUTE set: the key used up its requests for this minute (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Failed to list deliveries */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    WebhooksController_redeliver: {
        parameters: {
            query?: never;
            header?: {
                /** @description Managed user to act for (workspace mode) */
                "x-service-user-id"?: string;
                /** @description `mcp` for MCP clients (needs MCP access) */
                "x-service-client"?: string;
                /** @description Optional (1-255 visible ASCII characters): a repeat within 24 h for the same webhook (and delivery) returns the first response and queues nothing */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Webhook id (24 hex characters) */
                id: string;
                /** @description Delivery id (_id from the webhook's deliveries) */
                deliveryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["QueuedDeliveryResponse"];
                };
            };
            /** @description Webhook is disabled: enable it first | Delivery is already queued | Invalid Idempotency-Key header */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description API key is required | Invalid API key | Invalid API key owner
             *
             *     API key is required | Invalid API key | Invalid API key owner
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description API access, MCP access or workspace refusals (docs/auth.md) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Webhook not found | Delivery not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Idempotency-Key reused with a different request body | A request with this Idempotency-Key is still in progress; retry later */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Only with RATE_LIMIT_PER_MINUTE set: the key used up its requests for this minute (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Failed to redeliver */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    WebhooksController_test: {
        parameters: {
            query?: never;
            header?: {
                /** @description Managed user to act for (workspace mode) */
                "x-service-user-id"?: string;
                /** @description `mcp` for MCP clients (needs MCP access) */
                "x-service-client"?: string;
                /** @description Optional (1-255 visible ASCII characters): a repeat within 24 h for the same webhook (and delivery) returns the first response and queues nothing */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Webhook id (24 hex characters) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["QueuedDeliveryResponse"];
                };
            };
            /** @description Webhook is disabled: enable it first | Invalid Idempotency-Key header */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description API key is required | Invalid API key | Invalid API key owner
             *
             *     API key is required | Invalid API key | Invalid API key owner
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description API access, MCP access or workspace refusals (docs/auth.md) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Webhook not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Idempotency-Key reused with a different request body | A request with this Idempotency-Key is still in progress; retry later */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Only with RATE_LIMIT_PER_MINUTE set: the key used up its requests for this minute (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Failed to send test event */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    WebhooksDashboardController_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListWebhooksResponse"];
                };
            };
            /** @description Authentication required (no valid sps_session cookie) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Cross-site requests are not allowed (Origin or Sec-Fetch-Site of another site) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Content-Type must be application/json (routes taking a JSON body) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Failed to list webhooks */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    WebhooksDashboardController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateWebhookDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateWebhookResponse"];
                };
            };
            /** @description Invalid name, URL or events (docs/webhooks.md) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authentication required (no valid sps_session cookie) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Cross-site requests are not allowed (Origin or Sec-Fetch-Site of another site) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Content-Type must be application/json (routes taking a JSON body) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Failed to create webhook */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    WebhooksDashboardController_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Webhook id (24 hex characters) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookSuccessResponse"];
                };
            };
            /** @description Authentication required (no valid sps_session cookie) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Cross-site requests are not allowed (Origin or Sec-Fetch-Site of another site) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Webhook not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Content-Type must be application/json (routes taking a JSON body) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Failed to delete webhook */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    WebhooksDashboardController_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Webhook id (24 hex characters) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DashboardUpdateWebhookDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpdateWebhookResponse"];
                };
            };
            /** @description Invalid name, URL or events */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authentication required (no valid sps_session cookie) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Cross-site requests are not allowed (Origin or Sec-Fetch-Site of another site) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Webhook not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Content-Type must be application/json (routes taking a JSON body) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Failed to update webhook */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    WebhooksDashboardController_regenerate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Webhook id (24 hex characters) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RegenerateSecretResponse"];
                };
            };
            /** @description Authentication required (no valid sps_session cookie) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Cross-site requests are not allowed (Origin or Sec-Fetch-Site of another site) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Webhook not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Content-Type must be application/json (routes taking a JSON body) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Failed to regenerate secret */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    WebhooksDashboardController_deliveries: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Webhook id (24 hex characters) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveriesResponse"];
                };
            };
            /** @description Authentication required (no valid sps_session cookie) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Cross-site requests are not allowed (Origin or Sec-Fetch-Site of another site) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Webhook not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Content-Type must be application/json (routes taking a JSON body) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Failed to list deliveries */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ValidatePostController_validate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Managed user to act for (workspace mode) */
                "x-service-user-id"?: string;
                /** @description `mcp` for MCP clients (needs MCP access) */
                "x-service-client"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ValidatePostDto"];
            };
        };
        responses: {
            /** @description Also when create-post would refuse: see valid and rejection */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidatePostResponse"];
                };
            };
            /** @description media must be an array of { contentType, size? } … */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description API key is required | Invalid API key | Invalid API key owner */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description API access, MCP access or workspace refusals (docs/auth.md) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Only with RATE_LIMIT_PER_MINUTE set: the key used up its requests for this minute (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Failed to validate post */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    QueueController_defaultZone: {
        parameters: {
            query?: never;
            header?: {
                /** @description Managed user to act for (workspace mode) */
                "x-service-user-id"?: string;
                /** @description `mcp` for MCP clients (needs MCP access) */
                "x-service-client"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["QueueTimeZoneResponse"];
                };
            };
            /** @description Invalid x-postpost-user-id (x-service-user-id not a 24-character hex id) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description API key is required | Invalid API key | Invalid API key owner
             *
             *     API key is required | Invalid API key | Invalid API key owner
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description API access, MCP access or workspace refusals (docs/auth.md) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Only with RATE_LIMIT_PER_MINUTE set: the key used up its requests for this minute (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Internal server error (an unexpected failure in authentication) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    QueueController_setDefaultZone: {
        parameters: {
            query?: never;
            header?: {
                /** @description Managed user to act for (workspace mode) */
                "x-service-user-id"?: string;
                /** @description `mcp` for MCP clients (needs MCP access) */
                "x-service-client"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["QueueTimeZoneDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["QueueTimeZoneResponse"];
                };
            };
            /** @description timeZone must be an IANA time zone, such as Europe/Berlin */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description API key is required | Invalid API key | Invalid API key owner
             *
             *     API key is required | Invalid API key | Invalid API key owner
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description API access, MCP access or workspace refusals (docs/auth.md) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Only with RATE_LIMIT_PER_MINUTE set: the key used up its requests for this minute (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Internal server error (an unexpected failure in authentication) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    QueueController_getSchedule: {
        parameters: {
            query?: never;
            header?: {
                /** @description Managed user to act for (workspace mode) */
                "x-service-user-id"?: string;
                /** @description `mcp` for MCP clients (needs MCP access) */
                "x-service-client"?: string;
            };
            path: {
                platformId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["QueueScheduleResponse"];
                };
            };
            /** @description Invalid x-postpost-user-id (x-service-user-id not a 24-character hex id) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description API key is required | Invalid API key | Invalid API key owner
             *
             *     API key is required | Invalid API key | Invalid API key owner
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description API access, MCP access or workspace refusals (docs/auth.md) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Platform connection not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Only with RATE_LIMIT_PER_MINUTE set: the key used up its requests for this minute (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Internal server error (an unexpected failure in authentication) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    QueueController_replaceSchedule: {
        parameters: {
            query?: never;
            header?: {
                /** @description Managed user to act for (workspace mode) */
                "x-service-user-id"?: string;
                /** @description `mcp` for MCP clients (needs MCP access) */
                "x-service-client"?: string;
            };
            path: {
                platformId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReplaceScheduleDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["QueueScheduleResponse"];
                };
            };
            /** @description timeZone must be an IANA time zone, such as Europe/Berlin | slots must be a list of { weekday, time } | slots[i].weekday must be one of … | slots[i].time must be HH:mm, from 00:00 to 23:59 | slots[i] repeats … | slots: at most 70 a week | paused must be true or false */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description API key is required | Invalid API key | Invalid API key owner
             *
             *     API key is required | Invalid API key | Invalid API key owner
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description API access, MCP access or workspace refusals (docs/auth.md) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Platform connection not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Only with RATE_LIMIT_PER_MINUTE set: the key used up its requests for this minute (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Internal server error (an unexpected failure in authentication) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    QueueController_nextSlots: {
        parameters: {
            query: {
                /** @description How many, 1–50; default 5 */
                count?: unknown;
                /** @description Compound connection ids, comma-separated */
                platforms: unknown;
            };
            header?: {
                /** @description Managed user to act for (workspace mode) */
                "x-service-user-id"?: string;
                /** @description `mcp` for MCP clients (needs MCP access) */
                "x-service-client"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NextSlotsResponse"];
                };
            };
            /** @description platforms is required: one or more compound connection ids, comma-separated | count must be a whole number from 1 to 50 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description API key is required | Invalid API key | Invalid API key owner
             *
             *     API key is required | Invalid API key | Invalid API key owner
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description API access, MCP access or workspace refusals (docs/auth.md) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Platform connection not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Only with RATE_LIMIT_PER_MINUTE set: the key used up its requests for this minute (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Internal server error (an unexpected failure in authentication) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    QueueController_add: {
        parameters: {
            query?: never;
            header?: {
                /** @description Managed user to act for (workspace mode) */
                "x-service-user-id"?: string;
                /** @description `mcp` for MCP clients (needs MCP access) */
                "x-service-client"?: string;
                /** @description Optional (1-255 visible ASCII characters): a repeat within 24 h with the same body returns the first response */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AddToQueueDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AddToQueueResponse"];
                };
            };
            /** @description create-post's body messages | scheduledTime cannot be given: the queue sets the time | Give either postGroupId (a draft) or a new post (content, platforms), not both | postGroupId must be a post group id | Only a draft can be added to the queue; this post is <status> | No free queue slot: the schedules of these accounts share no active slot within a year | Invalid Idempotency-Key header */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description API key is required | Invalid API key | Invalid API key owner
             *
             *     API key is required | Invalid API key | Invalid API key owner
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Limit-exceeded body (the next free slot lies beyond a limit) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LimitExceededResponse"];
                };
            };
            /** @description Post group not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Idempotency-Key reused with a different request body | The queue changed while this request ran; try again */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Only with RATE_LIMIT_PER_MINUTE set: the key used up its requests for this minute (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Failed to add post to queue */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    QueueController_queueOf: {
        parameters: {
            query?: never;
            header?: {
                /** @description Managed user to act for (workspace mode) */
                "x-service-user-id"?: string;
                /** @description `mcp` for MCP clients (needs MCP access) */
                "x-service-client"?: string;
            };
            path: {
                platformId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["QueueResponse"];
                };
            };
            /** @description Invalid x-postpost-user-id (x-service-user-id not a 24-character hex id) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description API key is required | Invalid API key | Invalid API key owner
             *
             *     API key is required | Invalid API key | Invalid API key owner
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description API access, MCP access or workspace refusals (docs/auth.md) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Platform connection not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Only with RATE_LIMIT_PER_MINUTE set: the key used up its requests for this minute (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Internal server error (an unexpected failure in authentication) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    QueueController_reorder: {
        parameters: {
            query?: never;
            header?: {
                /** @description Managed user to act for (workspace mode) */
                "x-service-user-id"?: string;
                /** @description `mcp` for MCP clients (needs MCP access) */
                "x-service-client"?: string;
            };
            path: {
                platformId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReorderQueueDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["QueueResponse"];
                };
            };
            /** @description order must be 'compact' or 'shuffle' */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description API key is required | Invalid API key | Invalid API key owner
             *
             *     API key is required | Invalid API key | Invalid API key owner
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description API access, MCP access or workspace refusals (docs/auth.md) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Platform connection not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The queue changed while this request ran; try again */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Only with RATE_LIMIT_PER_MINUTE set: the key used up its requests for this minute (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Internal server error (an unexpected failure in authentication) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    QueueController_move: {
        parameters: {
            query?: never;
            header?: {
                /** @description Managed user to act for (workspace mode) */
                "x-service-user-id"?: string;
                /** @description `mcp` for MCP clients (needs MCP access) */
                "x-service-client"?: string;
            };
            path: {
                platformId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MoveInQueueDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["QueueResponse"];
                };
            };
            /** @description direction must be 'up' or 'down' | postGroupId must be a post group id | This post is already first in the queue | This post is already last in the queue | A held post keeps its place until its schedule gives it a slot | Only posts to the same accounts can swap places in the queue */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description API key is required | Invalid API key | Invalid API key owner
             *
             *     API key is required | Invalid API key | Invalid API key owner
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description API access, MCP access or workspace refusals (docs/auth.md) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Platform connection not found | Post group not found in this account's queue */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The queue changed while this request ran; try again */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Only with RATE_LIMIT_PER_MINUTE set: the key used up its requests for this minute (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Internal server error (an unexpected failure in authentication) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    RecoveryController_retry: {
        parameters: {
            query?: never;
            header?: {
                /** @description Managed user to act for (workspace mode) */
                "x-service-user-id"?: string;
                /** @description `mcp` for MCP clients (needs MCP access) */
                "x-service-client"?: string;
                /** @description Optional (1-255 visible ASCII characters): a repeat within 24 h with the same body returns the first response */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description 24-character hexadecimal post group id */
                postGroupId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["RetryPostBody"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RetryPostResponse"];
                };
            };
            /** @description platformIds must be a non-empty array of platform IDs | force must be true or false | Platform not in this post group: <id> | Nothing to retry: no post of this group has failed | Only failed posts can be retried: the post on <id> is <status> | Platform connection not found: <id> | a post check's refusal | Invalid Idempotency-Key header */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description API key is required | Invalid API key | Invalid API key owner
             *
             *     API key is required | Invalid API key | Invalid API key owner
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Limit-exceeded body (as on scheduling) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LimitExceededResponse"];
                };
            };
            /** @description Post group not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The outcome of the post on <id> is unknown… retry with force: true | This post was retried or changed meanwhile; fetch it and try again | Idempotency-Key reused with a different request body */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Only with RATE_LIMIT_PER_MINUTE set: the key used up its requests for this minute (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Failed to retry post */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    RecoveryController_unpublish: {
        parameters: {
            query?: never;
            header?: {
                /** @description Managed user to act for (workspace mode) */
                "x-service-user-id"?: string;
                /** @description `mcp` for MCP clients (needs MCP access) */
                "x-service-client"?: string;
                /** @description Optional (1-255 visible ASCII characters): a repeat within 24 h with the same body returns the first response */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description 24-character hexadecimal post group id */
                postGroupId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["UnpublishPostBody"];
            };
        };
        responses: {
            /** @description At least one was deleted; each result says how its platform answered */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnpublishPostResponse"];
                };
            };
            /** @description platformIds must be a non-empty array of platform IDs | Platform not in this post group: <id> | Nothing to unpublish: no post of this group is published | Only published posts can be unpublished: the post on <id> is <status> | TikTok has no API to delete a post: delete it in TikTok itself (also Instagram) | Invalid Idempotency-Key header */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description API key is required | Invalid API key | Invalid API key owner
             *
             *     API key is required | Invalid API key | Invalid API key owner
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description API access, MCP access or workspace refusals (docs/auth.md) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Post group not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Idempotency-Key reused with a different request body */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Only with RATE_LIMIT_PER_MINUTE set: the key used up its requests for this minute (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Failed to unpublish post */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every platform refused or could not be reached: the posts stay published */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnpublishFailedResponse"];
                };
            };
        };
    };
    EngagementController_postMetrics: {
        parameters: {
            query?: {
                /** @description csv: the same rows as a CSV file (text/csv) */
                format?: "json" | "csv";
            };
            header?: {
                /** @description Managed user to act for (workspace mode) */
                "x-service-user-id"?: string;
                /** @description `mcp` for MCP clients (needs MCP access) */
                "x-service-client"?: string;
            };
            path: {
                /** @description 24-character hexadecimal post group id */
                postGroupId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PostMetricsResponse"];
                    "text/csv": components["schemas"]["PostMetricsResponse"];
                };
            };
            /** @description format must be json or csv */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                    "text/csv": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description API key is required | Invalid API key | Invalid API key owner
             *
             *     API key is required | Invalid API key | Invalid API key owner
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description API access, MCP access or workspace refusals (docs/auth.md) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Post group not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                    "text/csv": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Only with RATE_LIMIT_PER_MINUTE set: the key used up its requests for this minute (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Failed to get post metrics */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                    "text/csv": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    EngagementController_accountMetrics: {
        parameters: {
            query?: {
                /** @description ISO 8601 date or time, inclusive (default: 30 days before to) */
                from?: string;
                /** @description ISO 8601 date or time, exclusive (default: now) */
                to?: string;
                /** @description csv: the same rows as a CSV file (text/csv) */
                format?: "json" | "csv";
            };
            header?: {
                /** @description Managed user to act for (workspace mode) */
                "x-service-user-id"?: string;
                /** @description `mcp` for MCP clients (needs MCP access) */
                "x-service-client"?: string;
            };
            path: {
                /** @description Compound connection id, as platform-connections lists it */
                platformId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountMetricsResponse"];
                    "text/csv": components["schemas"]["AccountMetricsResponse"];
                };
            };
            /** @description Invalid from date | Invalid to date | from must be before to | The range may span at most 366 days | format must be json or csv */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                    "text/csv": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description API key is required | Invalid API key | Invalid API key owner
             *
             *     API key is required | Invalid API key | Invalid API key owner
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description API access, MCP access or workspace refusals (docs/auth.md) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Platform connection not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                    "text/csv": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Only with RATE_LIMIT_PER_MINUTE set: the key used up its requests for this minute (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Failed to get account metrics */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                    "text/csv": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    EngagementController_topPosts: {
        parameters: {
            query?: {
                /** @description csv: the same rows as a CSV file (text/csv) */
                format?: "json" | "csv";
                /** @description Only this connection's posts */
                platformId?: unknown;
                /** @description 1-100, default 10 */
                limit?: unknown;
                /** @description A counter name (likes, views, quote_count…) or engagement (likes + reposts + replies; the default) */
                metric?: unknown;
                /** @description ISO 8601, exclusive (default: now) */
                to?: unknown;
                /** @description ISO 8601, inclusive (default: 30 days before to) */
                from?: unknown;
            };
            header?: {
                /** @description Managed user to act for (workspace mode) */
                "x-service-user-id"?: string;
                /** @description `mcp` for MCP clients (needs MCP access) */
                "x-service-client"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TopPostsResponse"];
                    "text/csv": components["schemas"]["TopPostsResponse"];
                };
            };
            /** @description Invalid from date | Invalid to date | from must be before to | The range may span at most 366 days | metric must be a counter name (letters, digits, _ or .) or engagement | format must be json or csv */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                    "text/csv": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description API key is required | Invalid API key | Invalid API key owner
             *
             *     API key is required | Invalid API key | Invalid API key owner
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description API access, MCP access or workspace refusals (docs/auth.md) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Platform connection not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                    "text/csv": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Only with RATE_LIMIT_PER_MINUTE set: the key used up its requests for this minute (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Failed to get top posts */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                    "text/csv": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    EngagementController_bestTimes: {
        parameters: {
            query?: {
                /** @description Only this connection's posts */
                platformId?: unknown;
                /** @description ISO 8601, exclusive (default: now) */
                to?: unknown;
                /** @description ISO 8601, inclusive (default: 90 days before to) */
                from?: unknown;
                /** @description IANA zone (default UTC) */
                timeZone?: unknown;
            };
            header?: {
                /** @description Managed user to act for (workspace mode) */
                "x-service-user-id"?: string;
                /** @description `mcp` for MCP clients (needs MCP access) */
                "x-service-client"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BestTimesResponse"];
                };
            };
            /** @description Invalid from date | Invalid to date | from must be before to | The range may span at most 366 days | timeZone must be an IANA time zone, such as Europe/Berlin */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description API key is required | Invalid API key | Invalid API key owner
             *
             *     API key is required | Invalid API key | Invalid API key owner
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description API access, MCP access or workspace refusals (docs/auth.md) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Platform connection not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Only with RATE_LIMIT_PER_MINUTE set: the key used up its requests for this minute (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Failed to get best times */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    BulkController_createPosts: {
        parameters: {
            query?: {
                /** @description For a CSV body (a JSON body says it in `mode`); default all */
                mode?: "all" | "partial";
                /** @description CSV only: the field delimiter; default: the header line's most frequent of , ; and tab */
                delimiter?: "comma" | "semicolon" | "tab";
            };
            header?: {
                /** @description Managed user to act for (workspace mode) */
                "x-service-user-id"?: string;
                /** @description `mcp` for MCP clients (needs MCP access) */
                "x-service-client"?: string;
                /** @description Optional (1-255 visible ASCII characters): a repeat within 24 h with the same rows returns the first response and creates nothing again */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BulkCreatePostsDto"];
                "text/csv": string;
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description The CSV file
                     */
                    file: string;
                    /** @enum {string} */
                    mode?: "all" | "partial";
                    /** @enum {string} */
                    delimiter?: "comma" | "semicolon" | "tab";
                };
            };
        };
        responses: {
            /** @description Every row created; in partial mode, the valid ones (see results) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BulkCreateResponse"];
                };
            };
            /** @description No posts were created: N of M rows have problems (errors: each row with create-post's message) | rows must be an array… | Too many rows… | mode must be… | delimiter must be… | The CSV file is not valid UTF-8 text… | The CSV file is UTF-16 text… | The CSV header has no content or accounts column… | The CSV file could not be read… | Too many media URLs… | Invalid Idempotency-Key header */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BulkRefusalResponse"];
                };
            };
            /** @description API key is required | Invalid API key | Invalid API key owner */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description API access, MCP access or workspace refusals (docs/auth.md) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Idempotency-Key reused with a different request body | still in progress | The account changed while the import ran… */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The CSV file is larger than 10 MB… (a JSON body: the 10 MB body limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Only with RATE_LIMIT_PER_MINUTE set: the key used up its requests for this minute (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Failed to import posts */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    BulkController_validatePosts: {
        parameters: {
            query?: {
                /** @description CSV only: the field delimiter; default: the header line's most frequent of , ; and tab */
                delimiter?: "comma" | "semicolon" | "tab";
            };
            header?: {
                /** @description Managed user to act for (workspace mode) */
                "x-service-user-id"?: string;
                /** @description `mcp` for MCP clients (needs MCP access) */
                "x-service-client"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BulkCreatePostsDto"];
                "text/csv": string;
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description The CSV file
                     */
                    file: string;
                    /** @enum {string} */
                    mode?: "all" | "partial";
                    /** @enum {string} */
                    delimiter?: "comma" | "semicolon" | "tab";
                };
            };
        };
        responses: {
            /** @description Also when rows would be refused: see each result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BulkValidationResponse"];
                };
            };
            /** @description rows must be an array… | Too many rows… | mode must be… | delimiter must be… | The CSV file is not valid UTF-8 text… | The CSV file is UTF-16 text… | The CSV header has no content or accounts column… | The CSV file could not be read… | Too many media URLs… | Invalid Idempotency-Key header */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description API key is required | Invalid API key | Invalid API key owner */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description API access, MCP access or workspace refusals (docs/auth.md) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The CSV file is larger than 10 MB… */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Only with RATE_LIMIT_PER_MINUTE set: the key used up its requests for this minute (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Failed to validate posts */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    BulkController_exportPosts: {
        parameters: {
            query?: {
                /** @description Exact group status; empty means all */
                status?: "draft" | "scheduled" | "published" | "failed" | "partially_published";
                sortBy?: "createdAt" | "updatedAt" | "scheduledTime";
                /** @description Any other value counts as desc */
                sortOrder?: "asc" | "desc";
                /** @description Inclusive lower bound on scheduledTime (any parseable date) */
                fromDate?: string;
                /** @description Inclusive upper bound on scheduledTime (any parseable date) */
                toDate?: string;
                /** @description Bare platform name, case-insensitive */
                platform?: "twitter" | "linkedin" | "instagram" | "threads" | "tiktok" | "youtube" | "facebook" | "bluesky" | "mastodon" | "telegram" | "pinterest";
                format?: "csv" | "json";
            };
            header?: {
                /** @description Managed user to act for (workspace mode) */
                "x-service-user-id"?: string;
                /** @description `mcp` for MCP clients (needs MCP access) */
                "x-service-client"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The export, as a download (Content-Disposition: attachment) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                    "application/json": components["schemas"]["ExportPostsResponse"];
                };
            };
            /** @description Invalid status… | Invalid sortBy… | Invalid fromDate format | Invalid toDate format | format must be 'csv' or 'json' */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description API key is required | Invalid API key | Invalid API key owner */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description API access, MCP access or workspace refusals (docs/auth.md) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Only with RATE_LIMIT_PER_MINUTE set: the key used up its requests for this minute (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Failed to export posts
             *
             *     Failed to export posts
             */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    BulkDashboardController_exportPosts: {
        parameters: {
            query?: {
                /** @description Exact group status; empty means all */
                status?: "draft" | "scheduled" | "published" | "failed" | "partially_published";
                sortBy?: "createdAt" | "updatedAt" | "scheduledTime";
                /** @description Any other value counts as desc */
                sortOrder?: "asc" | "desc";
                /** @description Inclusive lower bound on scheduledTime (any parseable date) */
                fromDate?: string;
                /** @description Inclusive upper bound on scheduledTime (any parseable date) */
                toDate?: string;
                /** @description Bare platform name, case-insensitive */
                platform?: "twitter" | "linkedin" | "instagram" | "threads" | "tiktok" | "youtube" | "facebook" | "bluesky" | "mastodon" | "telegram" | "pinterest";
                format?: "csv" | "json";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The export, as a download (Content-Disposition: attachment) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                    "application/json": components["schemas"]["ExportPostsResponse"];
                };
            };
            /** @description Invalid status… | Invalid sortBy… | Invalid fromDate format | Invalid toDate format | format must be 'csv' or 'json' */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authentication required (no valid sps_session cookie) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Cross-site requests are not allowed (Origin or Sec-Fetch-Site of another site) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Content-Type must be application/json (routes taking a JSON body) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Failed to export posts
             *
             *     Failed to export posts
             */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    AnalyticsController_followers: {
        parameters: {
            query?: never;
            header?: {
                /** @description Managed user to act for (workspace mode) */
                "x-service-user-id"?: string;
                /** @description `mcp` for MCP clients (needs MCP access) */
                "x-service-client"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LinkedInFollowersRequest"];
            };
        };
        responses: {
            /** @description lifetime: { success, followersCount, cached }; daily: { success, data, totalGrowth, cached } */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FollowersResponseDoc"];
                };
            };
            /**
             * @description Invalid x-postpost-user-id (x-service-user-id not a 24-character hex id)
             *
             *     The body failed validation (the spec's messages, in its order)
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description API key is required | Invalid API key | Invalid API key owner */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description API access, MCP access or workspace refusals (docs/auth.md)
             *
             *     LinkedIn denied access to this analytics data (details: its message)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnalyticsUpstreamErrorDoc"];
                };
            };
            /** @description LinkedIn connection not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Only with RATE_LIMIT_PER_MINUTE set: the key used up its requests for this minute (Retry-After)
             *
             *     LinkedIn rate limit exceeded (details: its message)
             */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnalyticsUpstreamErrorDoc"];
                };
            };
            /** @description Failed to fetch LinkedIn followers statistics */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    AnalyticsController_profileSummary: {
        parameters: {
            query?: never;
            header?: {
                /** @description Managed user to act for (workspace mode) */
                "x-service-user-id"?: string;
                /** @description `mcp` for MCP clients (needs MCP access) */
                "x-service-client"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LinkedInProfileSummaryRequest"];
            };
        };
        responses: {
            /** @description { success, profile } or, when some metrics failed, { success: false, partialData, profile, errors } */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProfileSummaryResponseDoc"];
                };
            };
            /**
             * @description Invalid x-postpost-user-id (x-service-user-id not a 24-character hex id)
             *
             *     The body failed validation (the spec's messages, in its order)
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description API key is required | Invalid API key | Invalid API key owner */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description API access, MCP access or workspace refusals (docs/auth.md)
             *
             *     LinkedIn denied access to this analytics data (details: its message)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnalyticsUpstreamErrorDoc"];
                };
            };
            /** @description LinkedIn connection not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Only with RATE_LIMIT_PER_MINUTE set: the key used up its requests for this minute (Retry-After)
             *
             *     LinkedIn rate limit exceeded (details: its message)
             */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnalyticsUpstreamErrorDoc"];
                };
            };
            /** @description Failed to fetch LinkedIn profile summary */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Failed to fetch LinkedIn profile data (no metric could be fetched) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProfileSummaryFailureDoc"];
                };
            };
        };
    };
    AnalyticsController_postStatistics: {
        parameters: {
            query?: never;
            header?: {
                /** @description Managed user to act for (workspace mode) */
                "x-service-user-id"?: string;
                /** @description `mcp` for MCP clients (needs MCP access) */
                "x-service-client"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LinkedInPostStatisticsRequest"];
            };
        };
        responses: {
            /** @description single: { success, count, cached }; multiple: { success, metrics, errors?, cachedMetrics?, cached } */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PostStatisticsResponseDoc"];
                };
            };
            /**
             * @description Invalid x-postpost-user-id (x-service-user-id not a 24-character hex id)
             *
             *     The body failed validation (the spec's messages, in its order)
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description API key is required | Invalid API key | Invalid API key owner */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description API access, MCP access or workspace refusals (docs/auth.md)
             *
             *     LinkedIn denied access to this analytics data (details: its message)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnalyticsUpstreamErrorDoc"];
                };
            };
            /** @description LinkedIn connection not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Only with RATE_LIMIT_PER_MINUTE set: the key used up its requests for this minute (Retry-After)
             *
             *     LinkedIn rate limit exceeded (details: its message)
             */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnalyticsUpstreamErrorDoc"];
                };
            };
            /** @description Failed to fetch LinkedIn post statistics */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    AnalyticsController_accountStatistics: {
        parameters: {
            query?: never;
            header?: {
                /** @description Managed user to act for (workspace mode) */
                "x-service-user-id"?: string;
                /** @description `mcp` for MCP clients (needs MCP access) */
                "x-service-client"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LinkedInAccountStatisticsRequest"];
            };
        };
        responses: {
            /** @description single: { success, data, aggregation, cached }; multiple: { success, metrics, aggregation, errors?, cachedMetrics?, cached } */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountStatisticsResponseDoc"];
                };
            };
            /**
             * @description Invalid x-postpost-user-id (x-service-user-id not a 24-character hex id)
             *
             *     The body failed validation (the spec's messages, in its order)
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description API key is required | Invalid API key | Invalid API key owner */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description API access, MCP access or workspace refusals (docs/auth.md)
             *
             *     LinkedIn denied access to this analytics data (details: its message)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnalyticsUpstreamErrorDoc"];
                };
            };
            /** @description LinkedIn connection not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Only with RATE_LIMIT_PER_MINUTE set: the key used up its requests for this minute (Retry-After)
             *
             *     LinkedIn rate limit exceeded (details: its message)
             */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnalyticsUpstreamErrorDoc"];
                };
            };
            /** @description Failed to fetch LinkedIn account statistics */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    LinkedInSocialController_createReaction: {
        parameters: {
            query?: never;
            header?: {
                /** @description Managed user to act for (workspace mode) */
                "x-service-user-id"?: string;
                /** @description `mcp` for MCP clients (needs MCP access) */
                "x-service-client"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateLinkedInReactionRequest"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReactionCreatedResponseDoc"];
                };
            };
            /** @description postedId, reactionType, and platformId are required | platformId must be a string | postedId must be a valid LinkedIn URN | reactionType must be one of: LIKE, PRAISE, EMPATHY, INTEREST, APPRECIATION, ENTERTAINMENT | Invalid platformId */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description API key is required | Invalid API key | Invalid API key owner */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description API access, MCP access or workspace refusals (docs/auth.md) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description LinkedIn connection not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Only with RATE_LIMIT_PER_MINUTE set: the key used up its requests for this minute (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Failed to create LinkedIn reaction (details: LinkedIn's message) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LinkedInSocialFailureDoc"];
                };
            };
        };
    };
    LinkedInSocialController_deleteReaction: {
        parameters: {
            query?: {
                /** @description The LinkedIn connection (or in the body) */
                platformId?: unknown;
                /** @description The post URN (or in the body) */
                postedId?: unknown;
            };
            header?: {
                /** @description Managed user to act for (workspace mode) */
                "x-service-user-id"?: string;
                /** @description `mcp` for MCP clients (needs MCP access) */
                "x-service-client"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["DeleteLinkedInReactionRequest"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReactionDeletedResponseDoc"];
                };
            };
            /** @description postedId and platformId are required | platformId must be a string | postedId must be a valid LinkedIn URN | Invalid platformId */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description API key is required | Invalid API key | Invalid API key owner */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description API access, MCP access or workspace refusals (docs/auth.md) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description LinkedIn connection not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Only with RATE_LIMIT_PER_MINUTE set: the key used up its requests for this minute (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Failed to delete LinkedIn reaction (details: LinkedIn's message) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LinkedInSocialFailureDoc"];
                };
            };
        };
    };
    LinkedInSocialController_createComment: {
        parameters: {
            query?: never;
            header?: {
                /** @description Managed user to act for (workspace mode) */
                "x-service-user-id"?: string;
                /** @description `mcp` for MCP clients (needs MCP access) */
                "x-service-client"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateLinkedInCommentRequest"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CommentCreatedResponseDoc"];
                };
            };
            /** @description postedId, message, and platformId are required | platformId must be a string | postedId must be a valid LinkedIn URN | message must be a string | message cannot be empty | message cannot exceed 1250 characters | parentComment must be a valid LinkedIn URN | Invalid platformId */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description API key is required | Invalid API key | Invalid API key owner */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description API access, MCP access or workspace refusals (docs/auth.md) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description LinkedIn connection not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Only with RATE_LIMIT_PER_MINUTE set: the key used up its requests for this minute (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Failed to create LinkedIn comment (details: LinkedIn's message) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LinkedInSocialFailureDoc"];
                };
            };
        };
    };
    LinkedInSocialController_deleteComment: {
        parameters: {
            query?: {
                /** @description The LinkedIn connection (or in the body) */
                platformId?: unknown;
                /** @description The comment id or URN (or in the body) */
                commentId?: unknown;
                /** @description The post URN (or in the body) */
                postedId?: unknown;
            };
            header?: {
                /** @description Managed user to act for (workspace mode) */
                "x-service-user-id"?: string;
                /** @description `mcp` for MCP clients (needs MCP access) */
                "x-service-client"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["DeleteLinkedInCommentRequest"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CommentDeletedResponseDoc"];
                };
            };
            /** @description postedId, commentId, and platformId are required | platformId must be a string | postedId must be a valid LinkedIn URN | commentId must be a valid LinkedIn URN or numeric ID | Invalid platformId */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description API key is required | Invalid API key | Invalid API key owner */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description API access, MCP access or workspace refusals (docs/auth.md) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description LinkedIn connection not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Only with RATE_LIMIT_PER_MINUTE set: the key used up its requests for this minute (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Failed to delete LinkedIn comment (details: LinkedIn's message) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LinkedInSocialFailureDoc"];
                };
            };
        };
    };
    WorkspaceController_list: {
        parameters: {
            query?: never;
            header?: {
                /** @description Managed user to act for (workspace mode) */
                "x-service-user-id"?: string;
                /** @description `mcp` for MCP clients (needs MCP access) */
                "x-service-client"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ManagedUsersResponse"];
                };
            };
            /** @description Invalid x-postpost-user-id (x-service-user-id not a 24-character hex id) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description API key is required | Invalid API key | Invalid API key owner */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Workspace access is not enabled for this key
             *
             *     API access, MCP access or workspace refusals (docs/auth.md)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Only with RATE_LIMIT_PER_MINUTE set: the key used up its requests for this minute (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Internal server error (an unexpected failure in authentication) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    WorkspaceController_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description Managed user to act for (workspace mode) */
                "x-service-user-id"?: string;
                /** @description `mcp` for MCP clients (needs MCP access) */
                "x-service-client"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateManagedUserDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ManagedUserCreatedResponse"];
                };
            };
            /** @description Email is required | A valid email is required | displayName must be a string of at most 100 characters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description API key is required | Invalid API key | Invalid API key owner */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Workspace access is not enabled for this key
             *
             *     API access, MCP access or workspace refusals (docs/auth.md)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description User with this email already exists */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Only with RATE_LIMIT_PER_MINUTE set: the key used up its requests for this minute (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Internal server error (an unexpected failure in authentication) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    WorkspaceController_detach: {
        parameters: {
            query?: never;
            header?: {
                /** @description Managed user to act for (workspace mode) */
                "x-service-user-id"?: string;
                /** @description `mcp` for MCP clients (needs MCP access) */
                "x-service-client"?: string;
            };
            path: {
                /** @description A managed user of this key’s owner */
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetachedResponse"];
                };
            };
            /** @description Invalid x-postpost-user-id (x-service-user-id not a 24-character hex id) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description API key is required | Invalid API key | Invalid API key owner */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Workspace access is not enabled for this key
             *
             *     API access, MCP access or workspace refusals (docs/auth.md)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description User not found or not managed by this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Only with RATE_LIMIT_PER_MINUTE set: the key used up its requests for this minute (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Internal server error (an unexpected failure in authentication) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    WorkspaceController_issueApiKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description Managed user to act for (workspace mode) */
                "x-service-user-id"?: string;
                /** @description `mcp` for MCP clients (needs MCP access) */
                "x-service-client"?: string;
            };
            path: {
                /** @description A managed user of this key’s owner */
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ManagedUserApiKeyResponse"];
                };
            };
            /** @description Invalid x-postpost-user-id (x-service-user-id not a 24-character hex id) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description API key is required | Invalid API key | Invalid API key owner */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Workspace access is not enabled for this key
             *
             *     API access, MCP access or workspace refusals (docs/auth.md)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description User not found or not managed by this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Only with RATE_LIMIT_PER_MINUTE set: the key used up its requests for this minute (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Internal server error (an unexpected failure in authentication) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    WorkspaceController_connectionUrl: {
        parameters: {
            query?: never;
            header?: {
                /** @description Managed user to act for (workspace mode) */
                "x-service-user-id"?: string;
                /** @description `mcp` for MCP clients (needs MCP access) */
                "x-service-client"?: string;
            };
            path: {
                /** @description A managed user of this key’s owner */
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["ConnectionUrlDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectionUrlResponse"];
                };
            };
            /** @description rotate must be a boolean | expiresInDays must be a positive number */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description API key is required | Invalid API key | Invalid API key owner */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Workspace access is not enabled for this key
             *
             *     API access, MCP access or workspace refusals (docs/auth.md)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description User not found or not managed by this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Only with RATE_LIMIT_PER_MINUTE set: the key used up its requests for this minute (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Internal server error (an unexpected failure in authentication) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    TeamInvitesController_describe: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InviteDescriptionResponse"];
                };
            };
            /** @description This invitation has already been used */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Cross-site requests are not allowed (Origin or Sec-Fetch-Site of another site) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invitation not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description This invitation has expired: ask for a new one */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Content-Type must be application/json (routes taking a JSON body) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    TeamInvitesController_accept: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AcceptInviteDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AcceptedInviteResponse"];
                };
            };
            /** @description This invitation has already been used | password is required to create your account | the sign-up password rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An account exists for <email>: sign in to accept the invitation */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description This invitation is for <email>: sign in with that address to accept it
             *
             *     Cross-site requests are not allowed (Origin or Sec-Fetch-Site of another site)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invitation not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description This invitation has expired: ask for a new one */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Content-Type must be application/json (routes taking a JSON body) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ApprovalsController_awaiting: {
        parameters: {
            query?: never;
            header?: {
                /** @description Managed user to act for (workspace mode) */
                "x-service-user-id"?: string;
                /** @description `mcp` for MCP clients (needs MCP access) */
                "x-service-client"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AwaitingApprovalResponse"];
                };
            };
            /** @description Invalid x-postpost-user-id (x-service-user-id not a 24-character hex id) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description API key is required | Invalid API key | Invalid API key owner */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description API access, MCP access or workspace refusals (docs/auth.md) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Only with RATE_LIMIT_PER_MINUTE set: the key used up its requests for this minute (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Internal server error (an unexpected failure in authentication) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ApprovalsController_approve: {
        parameters: {
            query?: never;
            header?: {
                /** @description Managed user to act for (workspace mode) */
                "x-service-user-id"?: string;
                /** @description `mcp` for MCP clients (needs MCP access) */
                "x-service-client"?: string;
            };
            path: {
                postGroupId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApprovalDecisionResponse"];
                };
            };
            /** @description This post is not awaiting approval | a scheduling refusal (limits, no free queue slot) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description API key is required | Invalid API key | Invalid API key owner */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A plan limit refusal, with its limit fields */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Post group not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Only with RATE_LIMIT_PER_MINUTE set: the key used up its requests for this minute (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Internal server error (an unexpected failure in authentication) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ApprovalsController_reject: {
        parameters: {
            query?: never;
            header?: {
                /** @description Managed user to act for (workspace mode) */
                "x-service-user-id"?: string;
                /** @description `mcp` for MCP clients (needs MCP access) */
                "x-service-client"?: string;
            };
            path: {
                postGroupId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["RejectPostDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApprovalDecisionResponse"];
                };
            };
            /** @description This post is not awaiting approval | comment must be at most 2000 characters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description API key is required | Invalid API key | Invalid API key owner */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description API access, MCP access or workspace refusals (docs/auth.md) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Post group not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Only with RATE_LIMIT_PER_MINUTE set: the key used up its requests for this minute (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Internal server error (an unexpected failure in authentication) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    uploadMediaFile: {
        parameters: {
            query: {
                /** @description Part of the signed URL */
                expires: string;
                /** @description Part of the signed URL */
                signature: string;
            };
            header?: never;
            path: {
                mediaId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "image/*": string;
                "video/*": string;
                "application/pdf": string;
            };
        };
        responses: {
            /** @description Stored; the ETag header names the stored bytes */
            200: {
                headers: {
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Wrong or missing Content-Type, or the upload was interrupted */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid or expired upload URL */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description This upload URL was already used */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not a type that can be uploaded (images, videos, PDF documents), a PDF not requested as a document (or the reverse), or bytes that are not the declared type (magic numbers) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getMediaFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The key after /media/files/ in fileUrl */
                path: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/*": string;
                    "video/*": string;
                    "application/pdf": string;
                    "application/octet-stream": string;
                };
            };
            /** @description The requested byte range */
            206: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/*": string;
                    "video/*": string;
                    "application/pdf": string;
                    "application/octet-stream": string;
                };
            };
            /** @description File not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The range is outside the file (Content-Range names its size); no body */
            416: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/*": string;
                    "video/*": string;
                    "application/pdf": string;
                    "application/octet-stream": string;
                };
            };
        };
    };
    mcpRequest: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    [key: string]: unknown;
                } | {
                    [key: string]: unknown;
                }[];
            };
        };
        responses: {
            /** @description The JSON-RPC answer (an array for a batch) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    } | {
                        [key: string]: unknown;
                    }[];
                };
            };
            /** @description A notification was accepted (no answer) */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not JSON-RPC, or a batch of more than 100 messages (JSON-RPC error -32600) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description API key is required | Invalid API key | Invalid API key owner */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description MCP access is not enabled for this account (and the other API-key refusals) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Accept must allow application/json and text/event-stream */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Only with RATE_LIMIT_PER_MINUTE set: the key used up its requests for this minute, or a batch needs more than are left (each request in it counts; refused whole) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
}
