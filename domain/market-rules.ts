/** Market rules both sides word the same: the server's refusal and the form's check before it. */
export const marketMessages = {
  idTaken: 'Магазин с таким идентификатором уже есть',
} as const;
