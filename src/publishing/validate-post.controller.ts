import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ApiKeyAuth } from '../auth/auth.decorators';
import { Ctx, type RequestContext } from '../auth/request-context';
import { ErrorResponse } from '../common/error.response';
import { FailureMessage } from '../common/failure-message';
import { ValidatePostDto, ValidatePostResponse } from './dto/validate-post.dto';
import { PostValidationService, type PostValidation } from './post-validation.service';

/** Dry run of create-post and publishing (docs/usage.md). */
@ApiTags('posts')
@ApiKeyAuth()
@Controller('api/v1')
export class ValidatePostController {
  constructor(private readonly validation: PostValidationService) {}

  @Post('validate-post')
  @HttpCode(200)
  @FailureMessage('Failed to validate post')
  @ApiOperation({ summary: 'What create-post and publishing would do with this body, writing nothing' })
  @ApiResponse({ status: 200, type: ValidatePostResponse, description: 'Also when create-post would refuse: see valid and rejection' })
  @ApiResponse({ status: 400, type: ErrorResponse, description: 'media must be an array of { contentType, size? } …' })
  @ApiResponse({ status: 500, type: ErrorResponse, description: 'Failed to validate post' })
  // The raw body, not the DTO: create-post's refusals are this route's answer (`rejection`), not a 400.
  @ApiBody({ type: ValidatePostDto })
  validate(@Ctx() ctx: RequestContext, @Body() body: Record<string, unknown>): Promise<PostValidation> {
    return this.validation.validate(ctx, { ...body });
  }
}
