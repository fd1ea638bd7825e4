import { graphql } from '../../gql';

/** The plan's allowances and what is used of them: the numbers the service's limit checks use. */
export const OverviewUsageDocument = graphql(`
  query OverviewUsage {
    usage {
      planName
      periodEnd
      monthlyPosts {
        limit
        scope
        used
        remaining
        byConnection {
          platformId
          used
          remaining
        }
      }
      scheduledPosts {
        limit
        used
        remaining
      }
      connections {
        limit
        used
        remaining
      }
      scheduleHorizonDays
      platforms
    }
  }
`);
