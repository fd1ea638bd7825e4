import { graphql } from '../../gql';

// One page of the log in three reads. The service costs `auditLog` at 1 + 100 × its fields,
// whatever the page size (urql's __typename included, the page's, each entry's and the actor's),
// and refuses past 1,000: nine fields at most per read, so no single read can carry an entry with
// its actor. Each read asks the same page with the same filters; the page joins them by id.
export const AuditEntriesDocument = graphql(`
  query AuditEntries($page: Int, $limit: Int, $action: String, $actorType: String, $from: DateTime, $to: DateTime) {
    auditLog(page: $page, limit: $limit, action: $action, actorType: $actorType, from: $from, to: $to) {
      total
      entries {
        id
        at
        action
        target
        details
      }
    }
  }
`);

/** Who acted: the kind of actor and, for people, their address and role. */
export const AuditActorsDocument = graphql(`
  query AuditActors($page: Int, $limit: Int, $action: String, $actorType: String, $from: DateTime, $to: DateTime) {
    auditLog(page: $page, limit: $limit, action: $action, actorType: $actorType, from: $from, to: $to) {
      entries {
        id
        actor {
          type
          email
          role
        }
      }
    }
  }
`);

/** Who acted, the rest: an API key's or MCP client's public prefix, a reviewer's name. */
export const AuditActorKeysDocument = graphql(`
  query AuditActorKeys($page: Int, $limit: Int, $action: String, $actorType: String, $from: DateTime, $to: DateTime) {
    auditLog(page: $page, limit: $limit, action: $action, actorType: $actorType, from: $from, to: $to) {
      entries {
        id
        actor {
          keyPrefix
          name
        }
      }
    }
  }
`);
