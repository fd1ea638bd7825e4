import { Inject, Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { DATABASE_INFO, type DatabaseInfo } from '../database/database-info';

const STATES = ['disconnected', 'connected', 'connecting', 'disconnecting'] as const;

@Injectable()
export class HealthService {
  constructor(
    @InjectConnection() private readonly connection: Connection,
    @Inject(DATABASE_INFO) private readonly database: DatabaseInfo,
  ) {}

  async report() {
    const started = performance.now();
    let up = false;
    try {
      await this.connection.db!.admin().ping();
      up = true;
    } catch {
      up = false;
    }
    return {
      status: up ? 'ok' : 'error',
      database: {
        status: up ? 'up' : 'down',
        state: STATES[this.connection.readyState as 0 | 1 | 2 | 3] ?? 'unknown',
        embedded: this.database.embedded,
        pingMs: Math.round((performance.now() - started) * 100) / 100,
      },
    };
  }
}
