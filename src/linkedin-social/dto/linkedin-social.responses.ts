import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { LINKEDIN_REACTION_TYPES } from '../../platforms/linkedin/linkedin.social';

/** Documentation of the reaction and comment answers (the service builds them; these only describe them). */
export class LinkedInReactionDoc {
  @ApiProperty({ example: 'urn:li:reaction:(urn:li:person:Tz9W5i6ZYG,urn:li:activity:7123456789012345678)', description: "The reaction's key at LinkedIn" })
  id: string;
  @ApiProperty({ enum: LINKEDIN_REACTION_TYPES }) reactionType: string;
  @ApiProperty({ example: 'urn:li:person:Tz9W5i6ZYG', description: 'The member (or page) that reacted' }) actor: string;
  @ApiProperty({ example: 'urn:li:share:7123456789012345678', description: 'The post, as sent' }) object: string;
}

export class ReactionCreatedResponseDoc {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ type: LinkedInReactionDoc }) reaction: LinkedInReactionDoc;
}

export class ReactionDeletedResponseDoc {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    nullable: true,
    example: null,
    description: 'Always null (LinkedIn answers a delete without a body)',
  })
  reaction: null;
  @ApiProperty({ example: 'urn:li:reaction:(urn:li:person:Tz9W5i6ZYG,urn:li:share:7123456789012345678)', description: 'The key of the reaction removed' })
  deleted: string;
}

export class LinkedInCommentDoc {
  @ApiProperty({ example: '6636062862760562688', description: "LinkedIn's numeric comment id" }) id: string;
  @ApiProperty({ example: 'urn:li:comment:(urn:li:activity:7123456789012345678,6636062862760562688)' }) commentUrn: string;
  @ApiProperty({ example: 'Great insights! Thanks for sharing.' }) message: string;
}

export class CommentCreatedResponseDoc {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ type: LinkedInCommentDoc }) comment: LinkedInCommentDoc;
}

export class CommentDeletedResponseDoc {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ example: '6636062862760562688', description: 'The commentId given (an id or a URN)' }) deleted: string;
}

export class LinkedInSocialFailureDoc {
  @ApiProperty({ example: 'Failed to create LinkedIn reaction' }) error: string;
  @ApiPropertyOptional({
    example: 'Not enough permissions to access: reactions.CREATE.20251101',
    description: "LinkedIn's own message (or why no answer came)",
  })
  details?: string;
  @ApiPropertyOptional({ example: 403, description: "LinkedIn's HTTP status, when LinkedIn answered" })
  linkedinStatus?: number;
}
