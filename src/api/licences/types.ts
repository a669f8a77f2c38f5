/** Answer schemas and types of the licences screen (spec part 2 §3). */
import type { FromSchema } from 'json-schema-to-ts';
import { answerObject, bool, int, str } from '../schemas';

export const extendInfoSchema = answerObject({ extendIntention: bool, extendContactEmail: str });
export type ExtendInfo = FromSchema<typeof extendInfoSchema>;

export const licenceSchema = answerObject({ sectionName: str, chapterName: str, licenseCount: int, usedLicenseCount: int, overuse: bool });
export type Licence = FromSchema<typeof licenceSchema>;
