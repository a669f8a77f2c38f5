/** Answer types of the documents screens (spec part 2 §3). */

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

export interface Saved {
  id: number;
}
