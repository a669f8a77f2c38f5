/** Answer types of the teachers screen (spec part 2 §3). */

export interface Teacher {
  id: number;
  name: string;
  email: string;
  /** invited: the invitation is not used yet (29.1); the name stays empty until then. */
  status: 'active' | 'inactive' | 'invited';
}
