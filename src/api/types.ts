/** Answer types of the catalogue, named after the entities of spec part 1 §3 and part 2 §3. */

export type Role = 'ADMIN' | 'TEACHER' | 'STUDENT';

export type StudyLevels = Record<string, string>;

export interface Config {
  api_url: string;
  front_url: string;
  login_url: string;
  profile_url: string;
  portal_url: string;
  cdn_url: string;
  system_key: string;
  system_name: string;
  sales_website: string;
  /** Not in part 1 §3: the sales site's order form, the target of the licence banners' order links. */
  sales_order_url: string;
  contact_email: string;
  contact_phone: string;
  title: string;
  slogan: string;
  description: string;
  page_title: string;
  preheader: { logout_left: string; logout_right: string; teacher_left: string; teacher_right: string };
  portfolio_enabled: boolean;
  study_levels: StudyLevels;
  handige_links: { title: string; url: string }[];
  portal_news: string;
  neo_connect: string;
  can_assign_chapters: boolean;
  portal_max_activities: number;
  /** Not in the spec: true when the server runs with its demo school, so the login page can list the accounts. */
  demo: boolean;
}

export interface Tokens {
  accessToken: string;
  refreshToken: string;
}

export interface CurrentUser {
  id: number;
  role: Role;
  currentClassroomId: number | null;
  currentOrganisationId: number;
  email: string;
  name: string;
  organisationName: string;
  studyLevel: string | null;
}

export interface Organisation {
  id: number;
  name: string;
  location: string;
  city: string;
  active: 0 | 1;
  classroomCount: number;
  studentCount: number;
  teacherCount: number;
}

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

export type ActivityType = 'LOGIN' | 'REGISTER' | 'QUIZ' | 'PORTFOLIO_ITEM' | 'CHECK_REQUEST';
export type CheckStatus = 'OPEN' | 'APPROVED' | 'REJECTED' | 'CANCELED' | 'EXPIRED' | 'APPROVED_EXPIRED';

export interface Activity {
  id: number;
  typeText: ActivityType;
  read: 0 | 1;
  dateTimeCreatedText: string;
  userId: number;
  userName: string;
  userQuizResult: { title: string; type: string; good: number; total: number; scoreText: string } | null;
  portfolioItem: { lessonTitle: string } | null;
  lessonId: number | null;
  lessonName: string | null;
  targetId: number | null;
  targetStatus: CheckStatus | null;
}

export interface Classroom {
  id: number;
  name: string;
  mainTeacherId: number | null;
  mainTeacherName: string;
  accessCode: string;
  defaultStudyLevel: string;
  studyLevel: string;
  studentCount: number;
  answersActivated: boolean;
  chapters: number[];
  hidden: boolean;
}

export interface Chapter {
  id: number;
  name: string;
  firstLessonId: number | null;
}

export interface Section {
  id: number;
  name: string;
  active: boolean;
  chapters: Chapter[];
}

export interface Level {
  key: string;
  value: string;
}

export interface Student {
  id: number;
  name: string;
  email: string;
  lastLogin: string | null;
  isExternal: boolean;
  classrooms: number[];
  lastLessonId: number | null;
  lastLessonName: string | null;
  lastLessonTitle: string | null;
  lastActive: string | null;
  lastActiveText: string;
  studyLevel: string | null;
}

export interface Teacher {
  id: number;
  name: string;
  email: string;
  status: 'active' | 'inactive';
}

export interface Message {
  message: string;
}

export interface DocumentFile {
  id: string;
  title: string;
  url: string;
}

export interface TeachingDocument {
  id: number;
  title: string;
  files: DocumentFile[];
  userEmail: string;
  canEdit: boolean;
  hidden: boolean;
}

export interface Exam {
  id: number;
  title: string;
  variant: 'B-KGT' | 'BASIS' | 'KGT';
  sectionName: string;
  contentFileId: string;
  answerFileId: string;
  createdAtText: string;
  updatedAtText: string;
  hidden: boolean;
}

export type BlockStatus = 'PERFECT' | 'GOOD' | 'WRONG' | '';

export interface PortfolioItem {
  id: number;
  userId: number;
  userName: string;
  userClassroom: string;
  lessonTitle: string;
  chapterTitle: string;
  sectionTitle: string;
  createdAt: string;
  updatedAt: string;
  createdAtText: string;
  updatedAtText: string;
  studyLevel: string | null;
  hasSubmittedItems: boolean;
  blockStatusList: { status: BlockStatus; isSubmitted: boolean }[];
  file: string | null;
  chapterLessonImage: string | null;
}

export interface BlockItem {
  description: string;
  content: string | null;
  indexNumber: number;
  subtitle: string;
  value: string;
}

export interface FeedbackEntry {
  id: number;
  name: string;
  createdAt: string;
  message: string;
  /** Only the author may remove feedback (docs/decisions.md). */
  canDelete: boolean;
}

export interface Block {
  key: string;
  type: 'FILE' | 'REFLECTION';
  portfolioItemId: number;
  status: BlockStatus;
  items: BlockItem[];
  feedbackItems: FeedbackEntry[];
}

export interface PortfolioDetail extends PortfolioItem {
  blocks: Block[];
}

export interface Option {
  id: number | string;
  name: string;
}

export interface PortfolioFilters {
  classrooms: Option[];
  studyLevels: Option[];
  sections: Option[];
  chapters: Option[];
  lessons: Option[];
}

export interface UserDetails {
  active: boolean;
  canDownloadPdf: boolean;
  canSwitchStudyLevel: boolean;
  classroomTexts: string;
  classrooms: number[];
  email: string;
  hasEnabledClassrooms: boolean;
  id: number;
  isExternal: boolean;
  lastActive: string | null;
  lastLogin: string | null;
  lastLessonId: number | null;
  lastLessonImage: string | null;
  lastLessonName: string | null;
  name: string;
  organisationFrontType: string;
  organisationFrontId: number;
  organisationFrontLocation: string;
  organisationFrontName: string;
  regDate: string;
  role: Role;
  roleText: string;
  studyLevel: string | null;
}

export interface QuizResult {
  dateText: string;
  title: string;
  percentage: number;
  good: number;
  total: number;
}

export interface WishlistComment {
  id: number;
  comment: string;
  wishlistItemId: number;
  user: { name: string };
  dateTimeCreated: string;
  canEdit: boolean;
}

export interface WishlistItem {
  id: number;
  title: string;
  description: string;
  active: 0 | 1;
  readBy: number[] | false;
  upVoteCount: number;
  downVoteCount: number;
  commentCount: number;
  dateTimeCreated: string;
  user: { name: string; email: string };
  canEdit: boolean;
  comments: WishlistComment[];
}

export interface UserVotes {
  up: number[];
  down: number[];
}

export interface Saved {
  id: number;
}
