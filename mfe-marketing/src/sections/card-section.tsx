export interface Card {
  title: string;
  text: string;
}

interface CardSectionProps {
  title?: string;
  lead?: string;
  cards: readonly Card[];
  /** Three to a row on wide screens (otherwise as many as fit). */
  threeColumns?: boolean;
  /** No space above: the section continues the one before it. */
  flush?: boolean;
}

/** A page section of short cards: an optional heading and lead, then the cards in a grid. */
export function CardSection({ title, lead, cards, threeColumns, flush }: CardSectionProps) {
  return (
    <section className="mk-section" style={flush ? { paddingTop: 0 } : undefined}>
      <div className="tm-container">
        {title ? <h2>{title}</h2> : null}
        {lead ? <p className="mk-lead">{lead}</p> : null}
        <div className={threeColumns ? 'mk-grid mk-grid--3' : 'mk-grid'}>
          {cards.map((card) => (
            <article key={card.title} className="mk-card">
              <h3>{card.title}</h3>
              <p>{card.text}</p>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
