export interface Config {
  flotilla?: {
    permission?: {
      /**
       * Entity refs (groups or users) whose members may scale, upgrade and
       * delete clusters under the demo permission policy.
       */
      platformOwners?: string[];
    };
  };
}
