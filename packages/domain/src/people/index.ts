export * from './people.requests';
export * from './people.rules';
export * from './roles.projection';
export * from './people.import';
