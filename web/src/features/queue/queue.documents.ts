import { graphql } from '../../gql';

export const QueueConnectionsDocument = graphql(`
  query QueueConnections {
    connections {
      id
      platform
      platformId
      username
      displayName
    }
  }
`);

export const QueueScheduleDocument = graphql(`
  query QueueSchedule($platformId: String!) {
    queueSchedule(platformId: $platformId) {
      platformId
      configured
      timeZone
      paused
      slots {
        weekday
        time
      }
    }
  }
`);

export const SetQueueScheduleDocument = graphql(`
  mutation SetQueueSchedule($platformId: String!, $input: QueueScheduleInput!) {
    setQueueSchedule(platformId: $platformId, input: $input) {
      platformId
      configured
      timeZone
      paused
      slots {
        weekday
        time
      }
    }
  }
`);

export const NextQueueSlotsDocument = graphql(`
  query NextQueueSlots($platformIds: [String!]!, $count: Int) {
    nextQueueSlots(platformIds: $platformIds, count: $count)
  }
`);

export const QueueDocument = graphql(`
  query Queue($platformId: String!) {
    queue(platformId: $platformId) {
      platformId
      posts {
        id
        content
        status
        scheduledTime
        queuedFor
        platformIds
      }
    }
  }
`);

export const ReorderQueueDocument = graphql(`
  mutation ReorderQueue($platformId: String!, $order: String!) {
    reorderQueue(platformId: $platformId, order: $order) {
      platformId
      posts {
        id
        content
        status
        scheduledTime
        queuedFor
        platformIds
      }
    }
  }
`);

export const MoveInQueueDocument = graphql(`
  mutation MoveInQueue($platformId: String!, $postGroupId: String!, $direction: String!) {
    moveInQueue(platformId: $platformId, postGroupId: $postGroupId, direction: $direction) {
      platformId
      posts {
        id
        content
        status
        scheduledTime
        queuedFor
        platformIds
      }
    }
  }
`);

export const QueueBestTimesDocument = graphql(`
  query QueueBestTimes($platformId: String!, $timeZone: String!) {
    bestTimes(platformId: $platformId, timeZone: $timeZone) {
      timeZone
      enough
      cells {
        weekday
        hour
        posts
        averageEngagement
      }
    }
  }
`);
