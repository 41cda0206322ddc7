/** Why a pull failed, in words a company admin can act on; it becomes the run's failure. */
export class PullFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PullFailure';
  }
}

export const isPullFailure = (error: unknown): error is PullFailure => error instanceof PullFailure;
