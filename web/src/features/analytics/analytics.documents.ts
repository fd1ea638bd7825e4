import { graphql } from '../../gql';

export const AnalyticsConnectionsDocument = graphql(`
  query AnalyticsConnections {
    connections {
      id
      platform
      platformId
      username
      displayName
    }
  }
`);

export const AccountAnalyticsDocument = graphql(`
  query AccountAnalytics($platformId: String!, $from: String!) {
    accountMetrics(platformId: $platformId, from: $from) {
      platformId
      collection
      lastError {
        message
      }
      days {
        date
        takenAt
        values {
          name
          value
        }
      }
    }
    dailyEngagement(platformId: $platformId, from: $from) {
      platformId
      days {
        date
        posts
        engagement
      }
    }
  }
`);

export const TopPostsDocument = graphql(`
  query AnalyticsTopPosts($platformId: String!, $from: String!, $metric: String!) {
    topPosts(platformId: $platformId, from: $from, metric: $metric, limit: 20) {
      metric
      posts {
        postId
        postGroupId
        platform
        publishedUrl
        publishedAt
        value
        latest {
          takenAt
          values {
            name
            value
          }
        }
      }
    }
  }
`);

export const BestTimesDocument = graphql(`
  query AnalyticsBestTimes($platformId: String, $timeZone: String!, $from: String) {
    bestTimes(platformId: $platformId, timeZone: $timeZone, from: $from) {
      timeZone
      posts
      enough
      message
      cells {
        weekday
        hour
        posts
        averageEngagement
      }
    }
  }
`);
