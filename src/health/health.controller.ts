import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { HealthService } from './health.service';

@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /** 200 with the database state when it answers a ping; 503 otherwise (for load balancers). */
  @Get()
  async check(@Res({ passthrough: true }) reply: FastifyReply) {
    const report = await this.health.report();
    if (report.status !== 'ok') reply.status(HttpStatus.SERVICE_UNAVAILABLE);
    return report;
  }
}
