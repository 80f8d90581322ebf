import { COMPLETED_WORK_LIMITS, MB } from '@eusulan/shared';

/** A zip refused with its reasons (Indonesian): the 400 of POST completed-work, data.errorList. */
export class ImportRefused extends Error {
  constructor(readonly reasons: string[]) {
    super(reasons.join(' '));
  }
}

/** Reasons or warnings, listed up to the limit and counted beyond it. */
export class ReasonList {
  private readonly items: string[] = [];
  private extra = 0;

  add(message: string) {
    if (this.items.length < COMPLETED_WORK_LIMITS.maxListed) this.items.push(message);
    else this.extra += 1;
  }

  get count() {
    return this.items.length + this.extra;
  }

  list(): string[] {
    return this.extra
      ? [...this.items, `... dan ${this.extra.toLocaleString('id-ID')} lainnya.`]
      : [...this.items];
  }

  throwIfAny() {
    if (this.count) throw new ImportRefused(this.list());
  }
}

export const formatMegabytes = (bytes: number) =>
  `${(bytes / MB).toLocaleString('id-ID', { maximumFractionDigits: 1 })} MB`;
