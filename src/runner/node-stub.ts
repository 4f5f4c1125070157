/**
 * What the worker bundle gets for `fs` and `mime-types`, which @bsv/auth-express-middleware imports
 * for `res.sendFile` alone (scripts/build-runner.ts aliases both here): the in-page runner has no
 * files to serve, so sendFile fails with a clear error.
 */
const stub = {
  readFile: (_path: string, callback: (error: Error) => void): void => callback(new Error('there are no files to serve in the in-page runner')),
  lookup: (): false => false,
};
export default stub;
