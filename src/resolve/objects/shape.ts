// How a client library describes its objects to the project-level tracker: which module it is, and
// which object each import, member, constructor, call and callback parameter of its API gives.

export type { CallNode, LibKind, LibObject, LibraryClassField, LibraryClassFields, Located, ObjectShape } from '../contracts';
