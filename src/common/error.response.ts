import { ApiProperty } from '@nestjs/swagger';

/** Every error answer's body (docs/errors.md): `{ "error": "<message>" }`. */
export class ErrorResponse {
  @ApiProperty({ example: 'Post group not found' }) error: string;
}
