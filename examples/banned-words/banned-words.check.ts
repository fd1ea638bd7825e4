import { DynamicModule, Inject, Injectable, Module } from '@nestjs/common';
import type { PostCheck, PostCheckInput } from 'social-post-scheduler';

export interface BannedWordsOptions {
  /** Whole words refused in any case, e.g. an unreleased product's code name. */
  words: string[];
}

const BANNED_WORDS_OPTIONS = Symbol('BANNED_WORDS_OPTIONS');

/**
 * A compliance rule: no post goes out with a banned word. The service runs it when a post is
 * scheduled (a 400 with this message on every surface) and again just before it is published
 * (the platform post fails with `REFUSED_BY_CHECK`), so a word banned after scheduling still holds.
 */
@Injectable()
export class BannedWordsCheck implements PostCheck {
  private words: string[];

  constructor(@Inject(BANNED_WORDS_OPTIONS) options: BannedWordsOptions) {
    this.words = options.words;
  }

  /** Changes the list at run time (an admin screen of the embedding app would call this). */
  ban(words: string[]): void {
    this.words = words;
  }

  check(post: PostCheckInput): string | null {
    const found = this.words.find((word) => new RegExp(`\\b${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'iu').test(post.content));
    return found ? `Posts may not mention "${found}" (company policy)` : null;
  }
}

@Module({})
export class BannedWordsModule {
  static forRoot(options: BannedWordsOptions): DynamicModule {
    return {
      module: BannedWordsModule,
      providers: [{ provide: BANNED_WORDS_OPTIONS, useValue: options }, BannedWordsCheck],
      exports: [BannedWordsCheck],
    };
  }
}
