/** Answer types of the licences screen (spec part 2 §3). */

export interface ExtendInfo {
  extendIntention: boolean;
  extendContactEmail: string;
}

export interface Licence {
  sectionName: string;
  chapterName: string;
  licenseCount: number;
  usedLicenseCount: number;
  overuse: boolean;
}
