import { z } from 'zod';
import { LIMITS } from '../shared/limits.js';
import { field } from './labels.js';

export const zPageNum = field('页码', 'page number', z.number().int().min(1));
export const zPageSize = field('每页条数', 'page size', z.number().int().min(1).max(LIMITS.pageSizeMax));

/** A page of a list: pageNum from 1, pageSize up to LIMITS.pageSizeMax. */
export const zPageRequest = z.object({ pageNum: zPageNum.default(1), pageSize: zPageSize.default(10) });
export type TPageRequest = z.infer<typeof zPageRequest>;

/** A page of rows of one schema, with the total row count. */
export const zPage = <T extends z.ZodType>(row: T) => z.object({ total: z.number().int(), list: z.array(row) });

/** An id of a record, as a UUID. */
export const zId = (zh = 'ID', en = 'id') => field(zh, en, z.uuid());
export const zIdRequest = z.object({ id: zId() });

/** Nothing: the body of a call that takes none, and the obj of an answer that has none. */
export const zEmpty = z.object({});
export const zNull = z.null();

/** A search text of a list. */
export const zKeyword = field('关键字', 'keyword', z.string().trim().max(50));
