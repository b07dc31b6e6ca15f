import { z } from 'zod';

/** Who calls: the member app (/api), the back office (/bo), the market cache host (/cache), providers (/wallet). */
export type Surface = 'member' | 'bo' | 'cache' | 'wallet';

/** One call of the platform: POST JSON to `path`, `request` in, the envelope plus `reply` out. */
export interface CallSpec<
  Req extends z.ZodType = z.ZodType,
  Rep extends z.ZodType = z.ZodType,
  Path extends string = string,
> {
  path: Path;
  request: Req;
  reply: Rep;
  surface: Surface;
  summary: string;
}

export function call<Req extends z.ZodType, Rep extends z.ZodType, Path extends string>(
  path: Path,
  request: Req,
  reply: Rep,
  surface: Surface,
  summary: string,
): CallSpec<Req, Rep, Path> {
  return { path, request, reply, surface, summary };
}
