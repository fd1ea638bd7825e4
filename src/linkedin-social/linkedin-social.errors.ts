import { LINKEDIN_COMMENT_MAX_CHARS, LINKEDIN_REACTION_TYPES } from '../platforms/linkedin/linkedin.social';

/** The messages of the LinkedIn reaction and comment routes (the reference service's words where it has them). */
export const LinkedInSocialMessages = {
  reactionFieldsRequired: 'postedId, reactionType, and platformId are required',
  deleteReactionFieldsRequired: 'postedId and platformId are required',
  commentFieldsRequired: 'postedId, message, and platformId are required',
  deleteCommentFieldsRequired: 'postedId, commentId, and platformId are required',
  platformIdString: 'platformId must be a string',
  platformIdInvalid: 'Invalid platformId',
  postedIdInvalid: 'postedId must be a valid LinkedIn URN',
  reactionTypeInvalid: `reactionType must be one of: ${LINKEDIN_REACTION_TYPES.join(', ')}`,
  messageString: 'message must be a string',
  messageEmpty: 'message cannot be empty',
  messageTooLong: `message cannot exceed ${LINKEDIN_COMMENT_MAX_CHARS} characters`,
  parentCommentInvalid: 'parentComment must be a valid LinkedIn URN',
  commentIdInvalid: 'commentId must be a valid LinkedIn URN or numeric ID',
  linkedInNotFound: 'LinkedIn connection not found',
  createReactionFailed: 'Failed to create LinkedIn reaction',
  deleteReactionFailed: 'Failed to delete LinkedIn reaction',
  createCommentFailed: 'Failed to create LinkedIn comment',
  deleteCommentFailed: 'Failed to delete LinkedIn comment',
} as const;
