import { Global, Module } from '@nestjs/common';
import { MetricsServer } from './metrics-server';
import { MetricsService } from './metrics.service';

/** Prometheus metrics (off unless METRICS_ENABLED); global so any module can record into it. */
@Global()
@Module({
  providers: [MetricsService, MetricsServer],
  exports: [MetricsService],
})
export class MetricsModule {}
