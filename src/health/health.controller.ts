import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { HealthResponse } from './health.response';
import { HealthService } from './health.service';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /** 200 with the database state when it answers a ping; 503 otherwise (for load balancers). */
  @Get()
  @ApiOperation({ summary: 'Liveness and database state, for load balancers (no authentication)' })
  @ApiResponse({ status: 200, type: HealthResponse, description: 'The database answers a ping' })
  @ApiResponse({ status: 503, type: HealthResponse, description: 'The database does not answer (status error)' })
  async check(@Res({ passthrough: true }) reply: FastifyReply) {
    const report = await this.health.report();
    if (report.status !== 'ok') reply.status(HttpStatus.SERVICE_UNAVAILABLE);
    return report;
  }
}
