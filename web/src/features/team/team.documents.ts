import { graphql } from '../../gql';

/** The account's people (any role reads them) and whether editors' posts need approval. */
export const TeamMembersDocument = graphql(`
  query TeamMembers {
    teamMembers {
      userId
      email
      displayName
      role
      since
    }
    requireApproval
  }
`);

/** The open invitations (owner and admins only). */
export const TeamInvitesDocument = graphql(`
  query TeamInvites {
    teamInvites {
      id
      email
      role
      expiresAt
      createdAt
      invitedByEmail
    }
  }
`);

export const InviteMemberDocument = graphql(`
  mutation InviteMember($email: String!, $role: String!) {
    inviteMember(email: $email, role: $role) {
      invite {
        id
        email
        role
        expiresAt
      }
      link
      emailed
    }
  }
`);

export const RevokeTeamInviteDocument = graphql(`
  mutation RevokeTeamInvite($id: ID!) {
    revokeTeamInvite(id: $id)
  }
`);

export const ChangeMemberRoleDocument = graphql(`
  mutation ChangeMemberRole($userId: ID!, $role: String!) {
    changeMemberRole(userId: $userId, role: $role) {
      userId
      role
    }
  }
`);

export const RemoveMemberDocument = graphql(`
  mutation RemoveMember($userId: ID!) {
    removeMember(userId: $userId)
  }
`);

export const SetRequireApprovalDocument = graphql(`
  mutation SetRequireApproval($requireApproval: Boolean!) {
    setRequireApproval(requireApproval: $requireApproval)
  }
`);

export const LeaveAccountDocument = graphql(`
  mutation LeaveAccount($accountId: ID!) {
    leaveAccount(accountId: $accountId)
  }
`);
