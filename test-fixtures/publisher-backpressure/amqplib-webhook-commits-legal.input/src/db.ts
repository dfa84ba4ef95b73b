export async function saveCommit(commit: { id: string }): Promise<void> {
  void commit;
}
