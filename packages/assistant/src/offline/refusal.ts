/** The whole answer to anything the offline answerer does not recognise: never a guess. */
export const OFFLINE_REFUSAL = "I can't answer that without a model connected.";
